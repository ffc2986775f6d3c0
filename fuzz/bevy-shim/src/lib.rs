//! `bevy::prelude::Resource` for code compiled without Bevy (see Cargo.toml).

pub mod prelude {
    pub use bevy_resource_shim_derive::Resource;
}
