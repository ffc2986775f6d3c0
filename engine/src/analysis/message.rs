//! Texts for people as a key and arguments, so the game can show them in
//! its own languages; the English here serves the brain, logs and tests.

/// A text to show: a key of [`ENGLISH`] (the game's translation table has
/// the same keys) and the values of its `{0}`, `{1}` placeholders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub key: &'static str,
    pub args: Vec<String>,
}

/// Every key the analysis uses, with its English text.
pub const ENGLISH: &[(&str, &str)] = &[
    ("analysis.black_wins_in", "Black wins in {0}"),
    ("analysis.white_wins_in", "White wins in {0}"),
    ("analysis.chances", "Black {0}% · White {1}%"),
    ("review.blunders", "{0} blunders"),
    ("review.mistakes", "{0} mistakes"),
    ("review.missed_win", "missed win at move {0}"),
    ("review.clean", "no mistakes found"),
    ("review.decided_at", "The game was decided at move {0}"),
    ("review.never_decided", "The game stayed open to the end"),
];

impl Message {
    pub fn new<const N: usize>(key: &'static str, args: [String; N]) -> Message {
        debug_assert!(ENGLISH.iter().any(|(k, _)| *k == key), "unknown key {key}");
        Message {
            key,
            args: args.into(),
        }
    }

    /// The English text with the arguments filled in.
    pub fn english(&self) -> String {
        let template = ENGLISH
            .iter()
            .find(|(k, _)| *k == self.key)
            .map_or(self.key, |(_, text)| text);
        self.args
            .iter()
            .enumerate()
            .fold(template.to_string(), |text, (i, arg)| {
                text.replace(&format!("{{{i}}}"), arg)
            })
    }
}
