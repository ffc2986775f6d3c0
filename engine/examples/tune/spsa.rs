//! Simultaneous perturbation stochastic approximation over integer
//! parameters: every step moves all parameters at once by ±c, plays the two
//! perturbed versions against each other and moves the centre towards the
//! winner. Gains decay as in Spall's recommendations (alpha 0.602,
//! gamma 0.101), so early steps explore and late steps settle.

use chacha20::ChaCha8Rng;
use rand::RngExt;

/// One tuned parameter: its range and current value.
#[derive(Clone, Debug)]
pub struct Param {
    pub min: i32,
    pub max: i32,
    pub value: f64,
}

impl Param {
    /// Perturbation size at step 0: a twentieth of the range (at least 1).
    fn c0(&self) -> f64 {
        ((self.max - self.min) as f64 / 20.0).max(1.0)
    }
}

pub struct Spsa {
    pub params: Vec<Param>,
    /// Learning rate at step 0: a decisive pair (+2) moves a parameter by
    /// `2 * lr0 * c`.
    pub lr0: f64,
    /// Steps the gains decay over (Spall's A is a tenth of it).
    pub planned_steps: u32,
    step: u32,
}

/// The two perturbed points of one step and the signs that made them.
pub struct Probe {
    pub plus: Vec<i32>,
    pub minus: Vec<i32>,
    signs: Vec<f64>,
    c: Vec<f64>,
}

impl Spsa {
    pub fn new(params: Vec<Param>, lr0: f64, planned_steps: u32) -> Spsa {
        Spsa {
            params,
            lr0,
            planned_steps: planned_steps.max(1),
            step: 0,
        }
    }

    fn c_scale(&self) -> f64 {
        1.0 / (self.step as f64 + 1.0).powf(0.101)
    }

    fn a_scale(&self) -> f64 {
        let a = self.planned_steps as f64 / 10.0;
        ((a + 1.0) / (a + self.step as f64 + 1.0)).powf(0.602)
    }

    /// Current values, rounded to integers.
    pub fn values(&self) -> Vec<i32> {
        self.params.iter().map(|p| p.value.round() as i32).collect()
    }

    pub fn probe(&self, rng: &mut ChaCha8Rng) -> Probe {
        let scale = self.c_scale();
        let signs: Vec<f64> = self
            .params
            .iter()
            .map(|_| if rng.random_ratio(50, 100) { 1.0 } else { -1.0 })
            .collect();
        let c: Vec<f64> = self.params.iter().map(|p| p.c0() * scale).collect();
        let at = |dir: f64| {
            self.params
                .iter()
                .zip(&signs)
                .zip(&c)
                .map(|((p, s), c)| {
                    (p.value + dir * s * c)
                        .round()
                        .clamp(p.min as f64, p.max as f64) as i32
                })
                .collect()
        };
        Probe {
            plus: at(1.0),
            minus: at(-1.0),
            signs,
            c,
        }
    }

    /// `result` is the plus side's score minus the minus side's, per game
    /// pair in -2..=2.
    pub fn update(&mut self, probe: &Probe, result: f64) {
        let lr = self.lr0 * self.a_scale();
        for ((p, s), c) in self.params.iter_mut().zip(&probe.signs).zip(&probe.c) {
            p.value = (p.value + lr * c * result * s).clamp(p.min as f64, p.max as f64);
        }
        self.step += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// A noisy duel whose stronger side is the one nearer `target`: SPSA
    /// must walk both parameters from their corners towards it.
    #[test]
    fn spsa_finds_the_optimum_of_a_noisy_duel() {
        let target = [30.0, -12.0];
        let strength = |v: &[i32]| -> f64 {
            -v.iter()
                .zip(target)
                .map(|(&x, t)| (x as f64 - t).powi(2))
                .sum::<f64>()
        };
        let params = vec![
            Param {
                min: -100,
                max: 100,
                value: -80.0,
            },
            Param {
                min: -50,
                max: 50,
                value: 45.0,
            },
        ];
        let steps = 1500;
        let mut spsa = Spsa::new(params, 0.3, steps);
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..steps {
            let probe = spsa.probe(&mut rng);
            let edge = (strength(&probe.plus) - strength(&probe.minus)) / 400.0;
            // Win probability of the plus side, then a pair of games.
            let p = 1.0 / (1.0 + (-edge).exp());
            let games = (0..2)
                .map(|_| {
                    if (rng.random_range(0..1000) as f64) < p * 1000.0 {
                        1.0
                    } else {
                        -1.0
                    }
                })
                .sum::<f64>();
            spsa.update(&probe, games / 2.0);
        }
        let v = spsa.values();
        assert!((v[0] - 30).abs() <= 12, "{v:?}");
        assert!((v[1] + 12).abs() <= 8, "{v:?}");
    }

    #[test]
    fn probes_stay_in_range_and_straddle_the_centre() {
        let params = vec![Param {
            min: 0,
            max: 10,
            value: 10.0,
        }];
        let spsa = Spsa::new(params, 0.5, 10);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20 {
            let probe = spsa.probe(&mut rng);
            assert!((0..=10).contains(&probe.plus[0]) && (0..=10).contains(&probe.minus[0]));
            assert_ne!(probe.plus[0], probe.minus[0]);
        }
    }
}
