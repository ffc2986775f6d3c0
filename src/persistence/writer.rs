//! A background thread for the game's file writes. Each write is flushed to
//! disk (`fsync`), which took about 7.5 ms here: too long for the frame in
//! which a move is made. One thread takes the jobs in order, so a later
//! autosave never lands before an earlier one.

use super::Storage;
use gomoku_engine::record::formats::Record;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One write.
pub enum Job {
    Autosave(Record),
    /// Archive a finished game in `history/`.
    Archive(Record),
    ClearAutosave,
    /// Another file of the data folder (a feature's own, like the
    /// puzzles), written whole and atomically.
    File {
        name: &'static str,
        text: String,
    },
}

/// A write that failed: the data folder and the system's reason.
#[derive(Clone, Debug, PartialEq)]
pub struct WriteError {
    pub dir: PathBuf,
    pub error: String,
}

/// The sending end; dropping it ends the thread once the queue is done.
pub struct Writer {
    jobs: Mutex<Sender<(Storage, Job)>>,
    pending: Arc<AtomicUsize>,
    errors: Mutex<Receiver<WriteError>>,
}

impl Writer {
    pub fn spawn() -> Writer {
        let (jobs, queue) = channel::<(Storage, Job)>();
        let (report, errors) = channel();
        let pending = Arc::new(AtomicUsize::new(0));
        let done = pending.clone();
        std::thread::Builder::new()
            .name("game-files".into())
            .spawn(move || {
                for (storage, job) in queue {
                    let result = match &job {
                        Job::Autosave(record) => storage.write_autosave(record),
                        Job::Archive(record) => storage.archive_finished(record).map(|_| ()),
                        Job::ClearAutosave => storage.clear_autosave(),
                        Job::File { name, text } => {
                            super::write_atomic(&storage.dir().join(name), text.as_bytes())
                        }
                    };
                    if let Err(e) = result {
                        let _ = report.send(WriteError {
                            dir: storage.dir().to_path_buf(),
                            error: e.to_string(),
                        });
                    }
                    done.fetch_sub(1, Ordering::AcqRel);
                }
            })
            .expect("the OS can start a thread");
        Writer {
            jobs: Mutex::new(jobs),
            pending,
            errors: Mutex::new(errors),
        }
    }

    pub fn send(&self, storage: &Storage, job: Job) {
        self.pending.fetch_add(1, Ordering::AcqRel);
        let sent = self
            .jobs
            .lock()
            .map(|jobs| jobs.send((storage.clone(), job)).is_ok())
            .unwrap_or(false);
        if !sent {
            self.pending.fetch_sub(1, Ordering::AcqRel);
        }
    }

    /// The errors reported since the last call.
    pub fn errors(&self) -> Vec<WriteError> {
        self.errors
            .lock()
            .map(|e| e.try_iter().collect())
            .unwrap_or_default()
    }

    /// Waits until every job sent so far is written (on exit, in tests);
    /// false if that took longer than `timeout`.
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        let start = Instant::now();
        while self.pending.load(Ordering::Acquire) > 0 {
            if start.elapsed() > timeout {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        true
    }
}
