//! The editor's screens, one module each (halloy style).

pub mod clip;
pub mod error;
pub mod game;
pub mod map;
pub mod members;
pub mod menu;
pub mod new_file;
pub mod new_game;
pub mod new_map;
pub mod new_oob;
pub mod new_pack;
pub mod new_scenario;
pub mod oob;
pub mod option_pick;
pub mod overlay;
pub mod pack;
pub mod recovery;
pub mod register;
pub mod rewrite;
pub mod rule_codes;
pub mod setup;
pub mod suggest;
pub mod timeline;
pub mod unsaved;

/// The UI font, bundled through iced's `fira-sans` feature so text shows on
/// machines with no system fonts.
pub const FONT: iced::Font = iced::Font::with_name("Fira Sans");

/// An error's words as a notice: "hex 0202 is not part of …" becomes
/// "Hex 0202 is not part of ….".
pub fn sentence(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().chain(chars).collect::<String>() + "."
    })
}
