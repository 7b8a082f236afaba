//! Running a program someone else wrote (a contestant's, a package's
//! submission): in a process group of its own, its output read up to a
//! bound, the end of its errors kept, killed with all it started at its
//! time-out, when its output passes the bound, or on Ctrl-C.

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::stress::{ProgramRun, Status};
use crate::verify::escaped;

/// The most of a run's standard error kept: its end.
const MAX_STDERR: usize = 4 << 10;

/// The process groups of the runs going on, killed on Ctrl-C.
static RUNNING: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// What a run may take.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Past it (wall time), the run is killed: a time-out.
    pub timeout: Duration,
    /// The most bytes of standard output kept: past it, the run is killed
    /// and [`ProgramRun::too_long`] says so.
    pub max_output: usize,
}

/// A run that ended, and how long it took (wall time).
pub struct Ran {
    /// How it ended, and what it wrote.
    pub run: ProgramRun,
    /// From its start to its end (or its kill).
    pub elapsed: Duration,
}

/// Runs `command` (the program, then its arguments) with `input` on its
/// standard input, within `bounds`; an error if it cannot be started.
pub fn run<S: AsRef<OsStr>>(command: &[S], input: &[u8], bounds: Bounds) -> Result<Ran, String> {
    let Some((program, args)) = command.split_first() else {
        return Err("no program to run".to_string());
    };
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| {
            let shown = program.as_ref().to_string_lossy();
            format!("cannot run {}: {e}", escaped(&shown))
        })?;
    let group = child.id() as i32;
    RUNNING.lock().expect("not poisoned").push(group);
    let too_long = AtomicBool::new(false);
    let (stdin, stdout, stderr) = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let started = Instant::now();
    let (status, stdout, stderr) = std::thread::scope(|scope| {
        scope.spawn(move || {
            // A program that reads nothing closes its end: not an error.
            let _ = stdin.expect("piped").write_all(input);
        });
        let out = scope.spawn(|| {
            let kept = read_bounded(stdout.expect("piped"), bounds.max_output);
            if kept.1 {
                too_long.store(true, Ordering::SeqCst);
                kill_group(group);
            }
            kept.0
        });
        let err = scope.spawn(|| read_tail(stderr.expect("piped"), MAX_STDERR));
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if started.elapsed() >= bounds.timeout => break None,
                Ok(None) => std::thread::sleep(Duration::from_millis(1)),
                Err(_) => break None,
            }
        };
        let elapsed = started.elapsed();
        // Whatever it started goes with it, so that its pipes close.
        kill_group(group);
        let _ = child.wait();
        (
            status.map(|status| (status, elapsed)),
            out.join().unwrap_or_default(),
            err.join().unwrap_or_default(),
        )
    });
    RUNNING
        .lock()
        .expect("not poisoned")
        .retain(|&g| g != group);
    let (status, elapsed) = match status {
        None => (Status::TimedOut, bounds.timeout),
        Some((status, elapsed)) => match (status.code(), status.signal()) {
            (Some(code), _) => (Status::Exited(code), elapsed),
            (None, Some(signal)) => (Status::Signalled(signal), elapsed),
            (None, None) => (Status::Exited(-1), elapsed),
        },
    };
    let run = ProgramRun {
        status,
        stdout,
        stderr,
        too_long: too_long.load(Ordering::SeqCst),
    };
    Ok(Ran { run, elapsed })
}

/// Up to `bound` bytes of `reader`, and whether it held more.
fn read_bounded(mut reader: impl Read, bound: usize) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut chunk = [0u8; 1 << 16];
    loop {
        match reader.read(&mut chunk) {
            Ok(0) | Err(_) => return (kept, false),
            Ok(n) if kept.len() + n > bound => {
                kept.extend_from_slice(&chunk[..bound - kept.len()]);
                return (kept, true);
            }
            Ok(n) => kept.extend_from_slice(&chunk[..n]),
        }
    }
}

/// The last `bound` bytes of `reader`, read to its end.
fn read_tail(mut reader: impl Read, bound: usize) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut chunk = [0u8; 1 << 14];
    loop {
        match reader.read(&mut chunk) {
            Ok(0) | Err(_) => {
                let excess = kept.len().saturating_sub(bound);
                kept.drain(..excess);
                return kept;
            }
            Ok(n) => {
                kept.extend_from_slice(&chunk[..n]);
                if kept.len() > 2 * bound {
                    kept.drain(..kept.len() - bound);
                }
            }
        }
    }
}

/// Kills the process group `group` (a run and all it started).
fn kill_group(group: i32) {
    use rustix::process::{Pid, Signal, kill_process_group};
    // A group that is gone already gives an error: nothing to act on.
    if let Some(pid) = Pid::from_raw(group) {
        let _ = kill_process_group(pid, Signal::KILL);
    }
}

/// On Ctrl-C, every run going on is killed with all it started, and the
/// command ends with the usual status for it.
pub fn catch_interrupts() {
    let _ = ctrlc::set_handler(|| {
        if let Ok(running) = RUNNING.lock() {
            running.iter().for_each(|&group| kill_group(group));
        }
        std::process::exit(130);
    });
}
