//! `#[derive(Resource)]` that derives nothing: the fuzz build reads and
//! writes the game's settings without an ECS to put them in.

use proc_macro::TokenStream;

#[proc_macro_derive(Resource)]
pub fn derive_resource(_item: TokenStream) -> TokenStream {
    TokenStream::new()
}
