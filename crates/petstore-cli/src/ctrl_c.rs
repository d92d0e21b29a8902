//! Ctrl+C while a secret is typed. To read without echo, rpassword turns off the terminal's echo
//! and its own Ctrl+C, reads the key press itself, and raises the interrupt signal (on Windows
//! the console's Ctrl+C event). By default that ends the program at once, before rpassword gives
//! the terminal its echo back, and the shell is left showing nothing typed (`stty -a`: `-echo`).
//!
//! While a [`Watch`] runs, Ctrl+C during the read ends only the read: rpassword restores the
//! terminal and returns, and the command stops with [`crate::exit::INTERRUPTED`]. At any other
//! moment Ctrl+C ends the program with that code at once, as the signal itself would have.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use crate::exit;

/// Catches Ctrl+C for the rest of the run (see the module).
#[derive(Debug)]
pub struct Watch {
    /// Set while rpassword reads (and after it was interrupted, as the command is stopping):
    /// Ctrl+C is then its to handle.
    reading: Arc<AtomicBool>,
}

impl Watch {
    /// Starts catching Ctrl+C; `None` when this system lets no handler be set (then Ctrl+C
    /// behaves as it always did).
    pub fn start() -> Option<Watch> {
        let reading = Arc::new(AtomicBool::new(false));
        let flag = reading.clone();
        let (ready, started) = mpsc::sync_channel(1);
        let spawned = std::thread::Builder::new()
            .name("ctrl-c".to_owned())
            .spawn(move || watch(&flag, &ready));
        if let Err(error) = spawned {
            log::warn!("Ctrl+C cannot be caught: {error}");
            return None;
        }
        match started.recv() {
            Ok(Ok(())) => Some(Watch { reading }),
            Ok(Err(error)) => {
                log::warn!("Ctrl+C cannot be caught: {error}");
                None
            }
            Err(_) => None,
        }
    }

    /// Runs `read` with Ctrl+C left to it. When it was interrupted, Ctrl+C stays its to handle:
    /// the command is on its way out with its own message.
    pub fn during<T>(&self, read: impl FnOnce() -> std::io::Result<T>) -> std::io::Result<T> {
        self.reading.store(true, Ordering::SeqCst);
        let result = read();
        if !matches!(&result, Err(error) if error.kind() == std::io::ErrorKind::Interrupted) {
            self.reading.store(false, Ordering::SeqCst);
        }
        result
    }
}

/// The watching thread: tells `ready` whether the handler is set, then ends the program on each
/// Ctrl+C that is not the read's.
fn watch(reading: &AtomicBool, ready: &mpsc::SyncSender<std::io::Result<()>>) {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            let _ = ready.send(Err(error));
            return;
        }
    };
    runtime.block_on(async {
        let mut presses = match presses() {
            Ok(presses) => presses,
            Err(error) => {
                let _ = ready.send(Err(error));
                return;
            }
        };
        let _ = ready.send(Ok(()));
        while presses.recv().await.is_some() {
            if !reading.load(Ordering::SeqCst) {
                std::process::exit(i32::from(exit::INTERRUPTED));
            }
        }
    });
}

#[cfg(unix)]
fn presses() -> std::io::Result<tokio::signal::unix::Signal> {
    tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt())
}

#[cfg(windows)]
fn presses() -> std::io::Result<tokio::signal::windows::CtrlC> {
    tokio::signal::windows::ctrl_c()
}
