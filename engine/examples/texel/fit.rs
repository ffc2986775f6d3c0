//! `texel fit`: logistic regression of game results on the evaluation's
//! features, one weight table at a time, starting from the hand-made
//! values the engine had before (so the loss before the fit is theirs).
//! It also prints the loss of the weights the engine is built with on the
//! same held-out games: the fair comparison of a new fit with the last one
//! when the data (and so the split) changed. The held-out tenth is whole
//! openings ([`GameLine::held_out`]): judged positions of one game are
//! close to each other, so a tenth drawn by line was not independent of
//! the positions the fit learned from.

use crate::games::GameLine;
use gomoku_engine::eval::learned::{
    self, Features, MASKS, PATTERN_FEATURES, Policy, QUIET, TABLES, THREAT_FEATURES, Weights,
};
use gomoku_engine::eval::pattern::{THREATS, Threat};
use gomoku_engine::eval::{POLICY, Position, WEIGHTS};
use gomoku_engine::search::double_threat_wins;
use gomoku_engine::{Board, Color, Rule};
use std::fmt::Write as _;

const TABLE_NAMES: [&str; TABLES] = [
    "freestyle",
    "standard",
    "renju, Black to move",
    "renju, White to move",
];
/// Positions before this ply are mostly the random opening.
const FIRST_PLY: usize = 4;
/// The pull of each weight towards its starting value, in positions: a
/// mask seen this often moves halfway to what its own positions say; a
/// feature counted once in this many positions likewise (rare threats stay
/// near their hand-made value, common patterns follow the data).
const MASK_PRIOR: f64 = 30.0;
const FEATURE_PRIOR: f64 = 300.0;
/// Line patterns kept at their hand-made value: B1, F1, B2, F2. Hundreds
/// of cells have them in every position, their counts follow how many
/// stones there are and how scattered, and a fit learns from that
/// accidents of self-play (such as a lone stone in a corner being worth
/// something), not what wins.
const FIXED_PATTERNS: usize = 4;

struct Config {
    data: Vec<String>,
    epochs: usize,
    rate: f64,
    write: Option<String>,
    /// Start (and hold rare features near) the engine's weights instead of
    /// the hand-made ones: a refit on new data, such as judged positions.
    from_engine: bool,
    /// Only these rules' tables are fitted (None: all); the others keep the
    /// engine's. The held-out games stay the same as without the filter.
    rules: Option<Vec<Rule>>,
    /// Only the move ordering is fitted; the evaluation keeps the engine's
    /// weights (stop 47: Rapfi's 511 self-play games moved the evaluation's
    /// held-out loss by 0.0005 and the ordering's by 0.057).
    ordering_only: bool,
}

/// The epochs a fit runs unless told otherwise.
const EPOCHS: usize = 2000;

fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut c = Config {
        data: Vec::new(),
        epochs: EPOCHS,
        rate: 0.5,
        write: None,
        from_engine: false,
        rules: None,
        ordering_only: false,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let v = it.next().ok_or(format!("{flag} needs a value"))?;
        let bad = || format!("bad {flag} '{v}'");
        match flag.as_str() {
            "--data" => c.data = v.split(',').map(String::from).collect(),
            "--epochs" => c.epochs = v.parse().map_err(|_| bad())?,
            "--rate" => c.rate = v.parse().map_err(|_| bad())?,
            "--write" => c.write = Some(v.clone()),
            "--rules" => {
                let rules: Option<Vec<Rule>> = v.split(',').map(Rule::from_name).collect();
                c.rules = Some(rules.ok_or_else(bad)?);
            }
            "--only" => match v.as_str() {
                "ordering" => c.ordering_only = true,
                _ => return Err(bad()),
            },
            "--from" => {
                c.from_engine = match v.as_str() {
                    "engine" => true,
                    "hand-made" => false,
                    _ => return Err(bad()),
                }
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(c)
}

/// One training position: its features and the side to move's score.
struct Sample {
    features: Features,
    score: f64,
    validation: bool,
}

/// The weights the engine had before they were learned (hand-made): line
/// patterns B1..D4, double-threat bonuses, and a tempo of 220 for the side
/// to move unless it faces a threat it cannot meet with a four.
fn hand_made() -> Weights {
    const PATTERN: [i16; PATTERN_FEATURES] = [1, 3, 5, 14, 16, 45, 50, 120, 120];
    // Flex4, FourThree, FourPlus, Four, ThreeThree, ThreePlus, Three,
    // Block3Plus, TwoTwo, Block3, Two.
    const THREAT: [i16; THREAT_FEATURES] = [0, 250, 40, 0, 160, 40, 0, 20, 20, 0, 0];
    let mut mask = [0i16; MASKS];
    for (m, v) in mask.iter_mut().enumerate() {
        let facing = m & 1 != 0 || m & (1 << 5) != 0;
        let our_four = m & 0b110 != 0;
        *v = if facing && !our_four { 0 } else { 220 };
    }
    Weights {
        pattern: [PATTERN, PATTERN.map(|v| -v)],
        threat: [THREAT, THREAT.map(|v| -v)],
        mask,
    }
}

/// Whether the search settles the position before evaluating it: a five
/// for either side, our open four, or a double threat nothing interrupts.
fn settled(pos: &mut Position, us: Color) -> bool {
    let any = |c: Color, ts: &[Threat]| ts.iter().any(|&t| pos.count(c, t) > 0);
    any(us, &[Threat::Five, Threat::Flex4])
        || any(us.opponent(), &[Threat::Five])
        || double_threat_wins(pos, us)
}

/// Whether `game` is one of the `--rules` filter's (every game without it).
fn in_rules(game: &GameLine, rules: Option<&[Rule]>) -> bool {
    rules.is_none_or(|r| r.contains(&game.rule))
}

/// What a fit learns from: the evaluation's samples and the ordering's
/// choices, by table.
struct Positions {
    samples: [Vec<Sample>; TABLES],
    choices: [Vec<Choice>; TABLES],
}

/// Replays the games once and takes every sampled position the search
/// would evaluate (not settled) as a sample, and as a choice where the move
/// played was free.
fn positions(games: &[GameLine], rules: Option<&[Rule]>) -> Positions {
    let mut out = Positions {
        samples: Default::default(),
        choices: Default::default(),
    };
    for game in games {
        if !in_rules(game, rules) {
            continue;
        }
        let validation = game.held_out();
        let mut pos = Position::new(&Board::new(15).expect("15 is valid"), game.rule);
        for (ply, p) in game.moves.iter().enumerate() {
            let us = Color::of_ply(ply);
            // Only sampled plies are checked (a judged position's line has
            // one): the checks cost more than the move.
            if ply >= FIRST_PLY && game.samples_ply(ply) && !settled(&mut pos, us) {
                let table = learned::table(game.rule, us);
                let black = game.black_score;
                out.samples[table].push(Sample {
                    features: pos.features(us),
                    score: if us == Color::Black {
                        black
                    } else {
                        1.0 - black
                    },
                    validation,
                });
                out.choices[table].extend(choice(&pos, us, p.index(), validation));
            }
            pos.make(p.index(), us);
        }
    }
    out
}

/// The weights as one flat vector (patterns, threats, masks) and back.
fn flatten(w: &Weights) -> Vec<f64> {
    let mut v: Vec<f64> = Vec::new();
    for owner in 0..2 {
        v.extend(w.pattern[owner].iter().map(|&x| x as f64));
        v.extend(w.threat[owner].iter().map(|&x| x as f64));
    }
    v.extend(w.mask.iter().map(|&x| x as f64));
    v
}

fn unflatten(v: &[f64]) -> Weights {
    let round = |x: f64| x.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
    let mut w = Weights {
        pattern: [[0; PATTERN_FEATURES]; 2],
        threat: [[0; THREAT_FEATURES]; 2],
        mask: [0; MASKS],
    };
    let mut i = 0;
    for owner in 0..2 {
        for x in w.pattern[owner].iter_mut() {
            *x = round(v[i]);
            i += 1;
        }
        for x in w.threat[owner].iter_mut() {
            *x = round(v[i]);
            i += 1;
        }
    }
    for x in w.mask.iter_mut() {
        *x = round(v[i]);
        i += 1;
    }
    w
}

const DENSE: usize = 2 * (PATTERN_FEATURES + THREAT_FEATURES);

/// The dense features of a sample, in [`flatten`]'s order.
fn dense(f: &Features) -> [f64; DENSE] {
    let mut d = [0.0; DENSE];
    let mut i = 0;
    for owner in 0..2 {
        for &n in &f.pattern[owner] {
            d[i] = n as f64;
            i += 1;
        }
        for &n in &f.threat[owner] {
            d[i] = n as f64;
            i += 1;
        }
    }
    d
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean cross-entropy of the predictions `eval / scale` on one split.
fn loss(samples: &[Sample], w: &[f64], scale: f64, validation: bool) -> f64 {
    let mut total = 0.0;
    let mut n = 0;
    for s in samples.iter().filter(|s| s.validation == validation) {
        let p = sigmoid(predict(s, w) / scale).clamp(1e-9, 1.0 - 1e-9);
        total -= s.score * p.ln() + (1.0 - s.score) * (1.0 - p).ln();
        n += 1;
    }
    total / n.max(1) as f64
}

fn predict(s: &Sample, w: &[f64]) -> f64 {
    let d = dense(&s.features);
    let lin: f64 = d.iter().zip(w).map(|(a, b)| a * b).sum();
    (lin + w[DENSE + s.features.mask]).clamp(-20_000.0, 20_000.0)
}

/// The logistic scale that fits the starting weights best: the fit keeps
/// it, so the learned values stay in the units the search's margins use.
fn best_scale(samples: &[Sample], w: &[f64]) -> f64 {
    (5..=200)
        .map(|s| s as f64 * 10.0)
        .min_by(|a, b| loss(samples, w, *a, false).total_cmp(&loss(samples, w, *b, false)))
        .expect("a scale")
}

/// Full-batch Adam from `start` for `epochs` steps; `gradient` gives the
/// loss's gradient at the current weights.
fn adam(
    start: &[f64],
    epochs: usize,
    rate: f64,
    gradient: impl Fn(&[f64]) -> Vec<f64>,
) -> Vec<f64> {
    let (b1, b2) = (0.9f64, 0.999f64);
    let mut w = start.to_vec();
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    for t in 1..=epochs as i32 {
        let grad = gradient(&w);
        for i in 0..w.len() {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - b1.powi(t));
            let vh = v[i] / (1.0 - b2.powi(t));
            w[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
    }
    w
}

/// The pull of a prior of `pseudo` positions at `start` on the gradient,
/// in a loss averaged over `n` positions at logistic scale `scale` (the
/// curvature of a logistic loss near even is a quarter).
fn prior(pseudo: f64, w: f64, start: f64, scale: f64, n: f64) -> f64 {
    pseudo * 0.25 * (w - start) / (scale * scale * n)
}

/// The evaluation's logistic regression on the training split.
fn train(samples: &[Sample], start: &[f64], scale: f64, epochs: usize, rate: f64) -> Vec<f64> {
    let train: Vec<&Sample> = samples.iter().filter(|s| !s.validation).collect();
    let n = train.len().max(1) as f64;
    adam(start, epochs, rate, |w| {
        let mut grad = vec![0.0; w.len()];
        for s in &train {
            let err = sigmoid(predict(s, w) / scale) - s.score;
            for (g, x) in grad.iter_mut().zip(dense(&s.features)) {
                *g += err * x;
            }
            grad[DENSE + s.features.mask] += err;
        }
        for (i, g) in grad.iter_mut().enumerate() {
            let pseudo = if i < DENSE { FEATURE_PRIOR } else { MASK_PRIOR };
            *g = *g / (n * scale) + prior(pseudo, w[i], start[i], scale, n);
        }
        for owner in 0..2 {
            let first = owner * (PATTERN_FEATURES + THREAT_FEATURES);
            grad[first..first + FIXED_PATTERNS].fill(0.0);
        }
        grad
    })
}

/// The move ordering the engine had before it was learned: a score for
/// what the move makes for the mover plus one for what it takes from the
/// opponent, by threat class (Five first, Forbidden last).
fn hand_made_policy() -> Policy {
    const ATTACK: [i32; THREATS] = [
        1_000_000, 500_000, 40_000, 6_000, 2_500, 30_000, 9_000, 5_000, 1_500, 1_400, 500, 400, 0,
        -1_000_000,
    ];
    const DEFENCE: [i32; THREATS] = [
        900_000, 60_000, 20_000, 3_000, 1_500, 15_000, 5_000, 3_000, 800, 800, 250, 250, 0, 0,
    ];
    let mut p = [[0; THREATS]; THREATS];
    for (a, row) in p.iter_mut().enumerate() {
        for (d, v) in row.iter_mut().enumerate() {
            *v = ATTACK[a] + DEFENCE[d];
        }
    }
    p
}

/// One position of the policy fit: every candidate's threat pair and
/// pattern part of the score, and which candidate was played.
struct Choice {
    candidates: Vec<(usize, f64)>,
    played: usize,
    validation: bool,
}

/// The position as a choice of the move `played` among the cells near the
/// stones, when the search had a free one (no four or four-three of the
/// opponent's to answer; the caller checked that nothing is settled).
fn choice(pos: &Position, us: Color, played: usize, validation: bool) -> Option<Choice> {
    let them = us.opponent();
    if pos.count(them, Threat::Flex4) > 0 || pos.count(them, Threat::FourThree) > 0 {
        return None;
    }
    let mut candidates = Vec::new();
    let mut index = None;
    for cell in pos.empty_cells().filter(|&c| pos.is_near(c)) {
        let (tu, tt) = (pos.threat(cell, us), pos.threat(cell, them));
        if tu == Threat::Forbidden {
            continue;
        }
        if cell == played {
            index = Some(candidates.len());
        }
        let values = 4 * pos.value(cell, us) + 3 * pos.value(cell, them);
        candidates.push((tu as usize * THREATS + tt as usize, values as f64));
    }
    index.map(|played| Choice {
        candidates,
        played,
        validation,
    })
}

/// The candidates' probabilities under the scores `p` at `temp`.
fn softmax(c: &Choice, p: &[f64], temp: f64) -> Vec<f64> {
    let logits: Vec<f64> = c
        .candidates
        .iter()
        .map(|&(k, v)| (p[k] + v) / temp)
        .collect();
    let max = logits.iter().copied().fold(f64::MIN, f64::max);
    let exp: Vec<f64> = logits.iter().map(|l| (l - max).exp()).collect();
    let sum: f64 = exp.iter().sum();
    exp.into_iter().map(|e| e / sum).collect()
}

/// Mean cross-entropy of the played moves and how often the best-scored
/// candidate was the one played.
fn policy_loss(choices: &[Choice], p: &[f64], temp: f64, validation: bool) -> (f64, f64) {
    let (mut total, mut top, mut n) = (0.0, 0, 0);
    for c in choices.iter().filter(|c| c.validation == validation) {
        let probs = softmax(c, p, temp);
        let played = probs[c.played];
        total -= played.max(1e-300).ln();
        top += probs.iter().all(|&q| q <= played) as usize;
        n += 1;
    }
    (total / n.max(1) as f64, top as f64 / n.max(1) as f64)
}

/// Softmax regression of the played move on the threat-pair scores (a
/// prior towards the start as for the evaluation).
fn train_policy(
    choices: &[Choice],
    start: &[f64],
    temp: f64,
    epochs: usize,
    rate: f64,
) -> Vec<f64> {
    let train: Vec<&Choice> = choices.iter().filter(|c| !c.validation).collect();
    let n = train.len().max(1) as f64;
    adam(start, epochs, rate, |p| {
        let mut grad = vec![0.0; p.len()];
        for c in &train {
            for (&(k, _), q) in c.candidates.iter().zip(softmax(c, p, temp)) {
                grad[k] += q;
            }
            grad[c.candidates[c.played].0] -= 1.0;
        }
        for (i, g) in grad.iter_mut().enumerate() {
            *g = *g / (n * temp) + prior(MASK_PRIOR, p[i], start[i], temp, n);
        }
        grad
    })
}

/// The learned policy as a table, every pair kept on its side of
/// [`QUIET`] (what the search reduces and prunes stays the same kind of
/// move; only the order within each kind is learned).
fn policy_table(p: &[f64], start: &Policy) -> Policy {
    let mut out = *start;
    for (a, row) in out.iter_mut().enumerate() {
        for (d, v) in row.iter_mut().enumerate() {
            let learned = p[a * THREATS + d].round() as i32;
            *v = if start[a][d] >= QUIET {
                learned.max(QUIET)
            } else {
                learned.min(QUIET - 1)
            };
        }
    }
    out
}

/// Fits each table's policy; returns the tables.
fn fit_policies(by_table: &[Vec<Choice>; TABLES], cfg: &Config) -> Vec<Policy> {
    let mut out = Vec::new();
    for (t, choices) in by_table.iter().enumerate() {
        if choices.is_empty() {
            out.push(POLICY[t]);
            continue;
        }
        let start = if cfg.from_engine {
            POLICY[t]
        } else {
            hand_made_policy()
        };
        let flat: Vec<f64> = start.iter().flatten().map(|&v| v as f64).collect();
        let temp = (1..=100)
            .map(|s| s as f64 * 50.0)
            .min_by(|a, b| {
                let la = policy_loss(choices, &flat, *a, false).0;
                la.total_cmp(&policy_loss(choices, &flat, *b, false).0)
            })
            .expect("a temperature");
        let p = train_policy(choices, &flat, temp, cfg.epochs, cfg.rate * temp / 10.0);
        let table = policy_table(&p, &start);
        let learned: Vec<f64> = table.iter().flatten().map(|&v| v as f64).collect();
        let committed: Vec<f64> = POLICY[t].iter().flatten().map(|&v| v as f64).collect();
        let (l0, a0) = policy_loss(choices, &flat, temp, true);
        let (l1, a1) = policy_loss(choices, &learned, temp, true);
        let (lc, ac) = policy_loss(choices, &committed, temp, true);
        println!(
            "{} policy: {} positions, temperature {temp}, validation loss {l0:.4} -> {l1:.4}, \
             top-1 {:.1}% -> {:.1}% (the engine's ordering {lc:.4}, {:.1}%)",
            TABLE_NAMES[t],
            choices.len(),
            100.0 * a0,
            100.0 * a1,
            100.0 * ac
        );
        out.push(table);
    }
    out
}

pub fn main(args: &[String]) -> Result<(), String> {
    let cfg = parse_args(args)?;
    let mut games = Vec::new();
    for path in &cfg.data {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            games.push(GameLine::parse(line).map_err(|e| format!("{path}:{}: {e}", n + 1))?);
        }
    }
    let positions = positions(&games, cfg.rules.as_deref());
    let mut fitted = Vec::new();
    for (t, samples) in positions.samples.iter().enumerate() {
        if cfg.ordering_only {
            fitted.push(WEIGHTS[t].clone());
            continue;
        }
        if samples.is_empty() {
            println!(
                "{}: no positions, the engine's weights kept",
                TABLE_NAMES[t]
            );
            fitted.push(WEIGHTS[t].clone());
            continue;
        }
        let start = flatten(&if cfg.from_engine {
            WEIGHTS[t].clone()
        } else {
            hand_made()
        });
        let scale = best_scale(samples, &start);
        let w = train(samples, &start, scale, cfg.epochs, cfg.rate);
        let committed = flatten(&WEIGHTS[t]);
        println!(
            "{}: {} positions ({} held out), scale {scale}, loss train {:.4} -> {:.4}, \
             validation {:.4} -> {:.4} (the engine's weights {:.4})",
            TABLE_NAMES[t],
            samples.len(),
            samples.iter().filter(|s| s.validation).count(),
            loss(samples, &start, scale, false),
            loss(samples, &w, scale, false),
            loss(samples, &start, scale, true),
            loss(samples, &w, scale, true),
            loss(samples, &committed, scale, true),
        );
        let w = unflatten(&w);
        println!("  patterns {:?}\n  threats  {:?}", w.pattern, w.threat);
        fitted.push(w);
    }
    let policies = fit_policies(&positions.choices, &cfg);
    if let Some(path) = &cfg.write {
        let before = std::fs::read_to_string(path).ok();
        let header: Vec<&str> = (before.iter())
            .flat_map(|t| t.lines().take_while(|l| l.starts_with("//!")))
            .collect();
        let text = source(&fitted, &policies, &cfg, &header);
        std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))?;
        println!("wrote {path}");
    }
    Ok(())
}

/// The weights as the Rust source of `engine/src/eval/weights.rs`. A fit
/// of some rules only keeps the others' tables from the file it replaces,
/// whose header (`before`, its `//!` lines, quoted whole: a partial fit
/// of its own may have kept older tables) says where those came from.
fn source(tables: &[Weights], policies: &[Policy], cfg: &Config, before: &[&str]) -> String {
    let mut s = String::new();
    let files: Vec<&str> = cfg
        .data
        .iter()
        .map(|d| d.rsplit('/').next().unwrap_or(d))
        .collect();
    let mut options = String::new();
    if cfg.from_engine {
        options.push_str(" --from engine");
    }
    if let Some(rules) = &cfg.rules {
        let names: Vec<&str> = rules.iter().map(|r| r.name()).collect();
        options.push_str(&format!(" --rules {}", names.join(",")));
    }
    if cfg.ordering_only {
        options.push_str(" --only ordering");
    }
    if cfg.epochs != EPOCHS {
        options.push_str(&format!(" --epochs {}", cfg.epochs));
    }
    let _ = writeln!(
        s,
        "//! The evaluation's weights, written by `cargo run --release -p gomoku-engine \
         --example texel -- fit{options}` from {} (do not edit by hand: fit again).",
        files.join(", ")
    );
    if (cfg.rules.is_some() || cfg.ordering_only) && !before.is_empty() {
        let _ = writeln!(
            s,
            "//! The tables it did not fit are those of the file it replaced, whose header was:"
        );
        for line in before {
            let _ = writeln!(s, "//! > {}", line.trim_start_matches("//!").trim());
        }
    }
    s.push('\n');
    let _ = writeln!(s, "use super::learned::{{Policy, TABLES, Weights}};\n");
    let _ = writeln!(
        s,
        "#[rustfmt::skip]\npub static WEIGHTS: [Weights; TABLES] = ["
    );
    for (t, w) in tables.iter().enumerate() {
        let _ = writeln!(s, "    // {}", TABLE_NAMES[t]);
        let _ = writeln!(s, "    Weights {{");
        let _ = writeln!(s, "        pattern: {:?},", w.pattern);
        let _ = writeln!(s, "        threat: {:?},", w.threat);
        let _ = writeln!(s, "        mask: [");
        for row in w.mask.chunks(16) {
            let cells: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            let _ = writeln!(s, "            {},", cells.join(", "));
        }
        let _ = writeln!(s, "        ],");
        let _ = writeln!(s, "    }},");
    }
    let _ = writeln!(s, "];\n");
    let _ = writeln!(
        s,
        "/// Move-ordering scores by the mover's threat class and the opponent's."
    );
    let _ = writeln!(
        s,
        "#[rustfmt::skip]\npub static POLICY: [Policy; TABLES] = ["
    );
    for (t, p) in policies.iter().enumerate() {
        let _ = writeln!(s, "    // {}\n    [", TABLE_NAMES[t]);
        for row in p {
            let cells: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            let _ = writeln!(s, "        [{}],", cells.join(", "));
        }
        let _ = writeln!(s, "    ],");
    }
    let _ = writeln!(s, "];");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fit of some rules keeps the others' tables, and says where they
    /// came from: the replaced file's whole header, quoted.
    #[test]
    fn a_partial_fit_quotes_the_header_it_replaces() {
        let args = |a: &[&str]| parse_args(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        let tables: Vec<Weights> = (0..TABLES).map(|_| hand_made()).collect();
        let before = ["//! Written from self-play.", "//! > older"];
        // The `//!` lines that a fit with these arguments writes.
        let header_of = |a: &[&str]| -> Vec<String> {
            let text = source(&tables, &POLICY, &args(a).unwrap(), &before);
            (text.lines())
                .take_while(|l| l.starts_with("//!"))
                .map(String::from)
                .collect()
        };
        let header = header_of(&["--data", "a/judged.txt", "--rules", "renju"]);
        assert!(
            header[0].contains("--rules renju` from judged.txt"),
            "{}",
            header[0]
        );
        assert_eq!(
            &header[2..],
            ["//! > Written from self-play.", "//! > > older"]
        );
        // An ordering-only fit keeps the evaluation's tables: it quotes too,
        // and names what reproduces it.
        let header = header_of(&["--data", "g.txt", "--only", "ordering", "--epochs", "50"]);
        assert!(
            header[0].contains("fit --only ordering --epochs 50` from g.txt"),
            "{}",
            header[0]
        );
        assert_eq!(header.len(), 4);
        assert!(args(&["--only", "evaluation"]).is_err());
        // A fit of every rule replaces every table: nothing to quote.
        assert_eq!(header_of(&["--data", "judged.txt"]).len(), 1);
    }

    #[test]
    fn weights_survive_flattening() {
        let w = hand_made();
        assert_eq!(unflatten(&flatten(&w)), w);
    }

    /// On positions whose result follows one feature, the fit learns to
    /// value that feature, and its loss falls.
    #[test]
    fn the_fit_values_what_predicts_the_result() {
        let mut samples = Vec::new();
        for i in 0..400 {
            let mut features = Features::default();
            let wins = i % 2 == 0;
            // Winners have more of their own open-three points (F3).
            features.pattern[0][5] = if wins { 6 } else { 1 };
            features.pattern[1][5] = 3;
            samples.push(Sample {
                features,
                score: wins as u8 as f64,
                validation: i % 10 == 9,
            });
        }
        let start = vec![0.0; DENSE + MASKS];
        let w = train(&samples, &start, 100.0, 300, 2.0);
        assert!(w[5] > 10.0, "F3 weight {}", w[5]);
        assert!(loss(&samples, &w, 100.0, true) < loss(&samples, &start, 100.0, true));
    }
}
