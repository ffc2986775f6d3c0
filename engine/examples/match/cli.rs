//! Command-line helpers shared by the match harness and the tuner.

/// `value` of `flag` as a number, or a message naming both.
pub fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value.parse().map_err(|_| format!("bad {flag} '{value}'"))
}

/// A command line written as one string, split into its arguments (tests).
#[cfg(test)]
pub fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}
