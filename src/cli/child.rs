//! Running a program someone else wrote (a contestant's, a package's
//! submission): in a process group of its own, its address space and its
//! output bounded, the end of its errors kept, killed with all it started
//! at its time-out, when its output passes the bound, or on Ctrl-C.
//!
//! What it starts cannot outlive it: this process is their subreaper
//! ([`supervise`]), so a grandchild that leaves the group (`setsid`) and
//! loses its parent becomes this process's child, and each run ends by
//! killing every child not running under it ([`sweep`]).

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

/// The process groups of the runs going on, killed on Ctrl-C. A run is
/// spawned and put here under the lock, so that [`sweep`] (under it too)
/// never takes a run just started for an orphan.
static RUNNING: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Folders to remove if the command is interrupted (a build's scratch).
static SCRATCH: Mutex<Vec<std::path::PathBuf>> = Mutex::new(Vec::new());

/// What a run may take.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Past it (wall time), the run is killed: a time-out.
    pub timeout: Duration,
    /// The most bytes of standard output kept: past it, the run is killed
    /// and [`ProgramRun::too_long`] says so.
    pub max_output: usize,
    /// The most bytes of address space (`RLIMIT_AS`, as the judging tools
    /// bound memory), if bounded: past it, allocation fails.
    pub memory: Option<u64>,
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
    let mut running = RUNNING.lock().expect("not poisoned");
    let mut child = bounded(program.as_ref(), args, bounds.memory)
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
    running.push(group);
    drop(running);
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
        // Whatever it started goes with it, so that its pipes close: its
        // group, then what left the group and was adopted (else a process
        // holding the pipe would keep the readers waiting).
        kill_group(group);
        let _ = child.wait();
        sweep();
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

/// The command that runs `program` with `args`, its address space
/// bounded to `memory` bytes if given: through the POSIX shell, whose
/// `ulimit -v` sets the bound before it becomes the program (`exec`), so
/// that no allocation precedes it (this crate has no unsafe code to set
/// it between fork and exec, and set from outside after the spawn, a
/// program under load allocated first).
fn bounded<S: AsRef<OsStr>>(program: &OsStr, args: &[S], memory: Option<u64>) -> Command {
    let Some(bytes) = memory else {
        let mut command = Command::new(program);
        command.args(args);
        return command;
    };
    let mut command = Command::new("/bin/sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", bytes >> 10))
        .arg(program)
        .args(args);
    command
}

/// Takes charge of what the runs start: this process becomes the
/// subreaper of its descendants, and on Ctrl-C or a termination signal
/// every run going on is killed with all it started, the scratch folders
/// are removed, and the command ends with status 130.
pub fn supervise() {
    let _ = rustix::process::set_child_subreaper(rustix::process::getpid().into());
    let _ = ctrlc::set_handler(|| {
        // The lock is held to the end: no run starts after these die.
        let running = RUNNING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        running.iter().for_each(|&group| kill_group(group));
        kill_orphans(&[]);
        if let Ok(folders) = SCRATCH.lock() {
            folders
                .iter()
                .for_each(|f| drop(std::fs::remove_dir_all(f)));
        }
        std::process::exit(130);
    });
}

/// Has `folder` removed if the command is interrupted.
pub fn remove_on_interrupt(folder: &std::path::Path) {
    SCRATCH
        .lock()
        .expect("not poisoned")
        .push(folder.to_path_buf());
}

/// Kills and reaps every child of this process that is no run going on:
/// what a run left behind, adopted as its parent died.
fn sweep() {
    let running = RUNNING.lock().expect("not poisoned");
    kill_orphans(&running);
}

/// Kills and reaps every child of this process but the runs `running`,
/// round after round: each round's dead leave their own children to it.
fn kill_orphans(running: &[i32]) {
    use rustix::process::{Pid, Signal, WaitOptions, kill_process, waitpid};
    for _ in 0..64 {
        let orphans: Vec<Pid> = (children().into_iter())
            .filter(|pid| !running.contains(pid))
            .filter_map(Pid::from_raw)
            .collect();
        if orphans.is_empty() {
            return;
        }
        for &pid in &orphans {
            let _ = kill_process(pid, Signal::KILL);
            kill_group(pid.as_raw_nonzero().get());
        }
        for &pid in &orphans {
            let _ = waitpid(Some(pid), WaitOptions::empty());
        }
    }
}

/// The processes whose parent is this one (from /proc: their `stat`'s
/// fourth field, after the name in parentheses).
fn children() -> Vec<i32> {
    let me = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
            after_name.split_whitespace().nth(1) == Some(me.as_str())
        })
        .collect()
}
