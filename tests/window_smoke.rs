//! Opens the real game window under a virtual X server (Xvfb, software
//! Vulkan) and checks the screenshot it takes: the board is drawn, with its
//! wood, its grid and the stones of the position, at two window shapes.
//!
//! Needs `xvfb-run` and a Vulkan driver (`scripts/deps.sh test` installs
//! them). Set `GOMOKU_SKIP_WINDOW_TEST=1` to skip it on a machine without.

use std::path::{Path, PathBuf};
use std::process::Command;

struct Shot {
    width: u32,
    height: u32,
    pixels: Vec<[u8; 3]>,
}

impl Shot {
    fn share(&self, pred: impl Fn([u8; 3]) -> bool) -> f64 {
        self.pixels.iter().filter(|&&p| pred(p)).count() as f64 / self.pixels.len() as f64
    }
}

fn wood([r, g, b]: [u8; 3]) -> bool {
    r > 150 && r > g && g > b && (r as i32 - b as i32) > 50
}

fn near_black([r, g, b]: [u8; 3]) -> bool {
    r < 50 && g < 50 && b < 50
}

fn near_white([r, g, b]: [u8; 3]) -> bool {
    r > 215 && g > 215 && b > 205
}

fn screenshot(name: &str, args: &[&str]) -> Option<Shot> {
    if std::env::var_os("GOMOKU_SKIP_WINDOW_TEST").is_some() {
        eprintln!("GOMOKU_SKIP_WINDOW_TEST is set: window test skipped");
        return None;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("window_smoke");
    std::fs::create_dir_all(&dir).unwrap();
    let png: PathBuf = dir.join(format!("{name}.png"));
    let _ = std::fs::remove_file(&png);
    let status = Command::new("timeout")
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", env!("CARGO_BIN_EXE_gomoku")])
        .args(args)
        .args(["--screenshot", png.to_str().unwrap(), "--frames", "40"])
        .env("GOMOKU_CONFIG_DIR", dir.join("config"))
        .env("GOMOKU_DATA_DIR", dir.join("data"))
        .status()
        .expect("xvfb-run could not be started: run scripts/deps.sh test (or set GOMOKU_SKIP_WINDOW_TEST=1)");
    assert!(
        status.success(),
        "the game exited with {status} under xvfb-run"
    );
    let file = std::fs::File::open(&png)
        .unwrap_or_else(|e| panic!("no screenshot at {}: {e}", png.display()));
    let decoder = image::codecs::png::PngDecoder::new(std::io::BufReader::new(file)).unwrap();
    let img = image::DynamicImage::from_decoder(decoder)
        .unwrap()
        .to_rgb8();
    Some(Shot {
        width: img.width(),
        height: img.height(),
        pixels: img.pixels().map(|p| p.0).collect(),
    })
}

#[test]
fn the_window_shows_the_board_and_the_stones() {
    for (name, size, moves) in [
        ("landscape", "1280x800", "h8i9j10i8g7"),
        ("portrait", "700x1000", "h8h9"),
    ] {
        let Some(shot) = screenshot(name, &["--window", size, "--moves", moves, "--mode", "pvp"])
        else {
            return;
        };
        let (w, h) = size.split_once('x').unwrap();
        assert_eq!(
            (shot.width.to_string(), shot.height.to_string()),
            (w.to_string(), h.to_string()),
            "{name}"
        );
        let wood = shot.share(wood);
        assert!(
            wood > 0.25,
            "{name}: only {:.1}% of the window is board wood",
            wood * 100.0
        );
        // Grid lines, coordinates and black stones are dark; white stones light.
        let dark = shot.share(near_black);
        assert!(
            dark > 0.005,
            "{name}: only {:.2}% dark pixels (grid, black stones)",
            dark * 100.0
        );
        let light = shot.share(near_white);
        assert!(
            light > 0.0005,
            "{name}: only {:.3}% light pixels (white stones)",
            light * 100.0
        );
    }
}
