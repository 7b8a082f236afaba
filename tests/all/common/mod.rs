//! What several test files share.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder under the system's temporary folder, named after the
/// test file (`what`); it is removed, with all it holds, when the
/// [`Scratch`] is dropped, so that a run of the tests leaves nothing
/// behind.
#[allow(dead_code)]
pub fn tempdir(what: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("logicmaze-{what}-"))
        .tempdir()
        .unwrap();
    Scratch(dir)
}

/// A test's temporary folder (see [`tempdir`]): its path, by `Deref`.
#[allow(dead_code)]
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
}

/// Headless Chromium for the browser tests (`$CHROMIUM`, or Debian's
/// `/usr/bin/chromium`), with node and playwright-core
/// (tests/e2e/node_modules), as `.ci/run` installs them. A browser test
/// runs only when asked for (they are `#[ignore]`d), so a missing browser
/// fails it, saying what to install: it never passes without running.
#[allow(dead_code)]
pub fn browser() -> String {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let driver = std::path::Path::new("tests/e2e/node_modules/playwright-core");
    let node = std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let missing: Vec<&str> = [
        (!std::path::Path::new(&chromium).exists())
            .then_some("Chromium (apt-get install chromium, or $CHROMIUM)"),
        (!node).then_some("node"),
        (!driver.exists()).then_some("tests/e2e/node_modules (npm ci --prefix tests/e2e)"),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert!(
        missing.is_empty(),
        "this browser test cannot run: missing {} (.ci/run installs them)",
        missing.join(", ")
    );
    chromium
}

/// Plays `pages` in headless Chromium with tests/e2e/play.mjs (screenshots
/// into `dir`), asserts that every page passed, and returns its report.
#[allow(dead_code)]
pub fn play_pages(chromium: &str, dir: &std::path::Path, pages: &[PathBuf]) -> String {
    let mut args = vec![dir.as_os_str()];
    args.extend(pages.iter().map(|p| p.as_os_str()));
    node(chromium, "tests/e2e/play.mjs", &args)
}

/// Runs tests/e2e/views.mjs with `args` in headless Chromium, asserts that
/// it passed, and returns its report.
#[allow(dead_code)]
pub fn views(chromium: &str, args: &[&str]) -> String {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    node(chromium, "tests/e2e/views.mjs", &args)
}

// ------------------------------------------------- the machine's turns ----

/// Who holds the machine: the heavy children (browsers, Kattis's checker)
/// share it; a test that measures time has it alone.
static MACHINE: std::sync::RwLock<()> = std::sync::RwLock::new(());

thread_local! {
    /// Whether this thread's test holds the machine alone.
    static ALONE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The machine to a test that measures time, alone, until the guard is
/// dropped: it waits until no other test's browser or checker runs, and
/// none starts meanwhile. The tests run two at a time on a 2-core machine,
/// and a frame's time measured beside a LaTeX run or another browser is
/// the neighbour's, not the page's.
#[allow(dead_code)]
pub fn alone() -> Alone {
    let guard = MACHINE
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    ALONE.with(|alone| alone.set(true));
    Alone(guard)
}

/// The machine held alone (see [`alone`]).
#[allow(dead_code)]
pub struct Alone(std::sync::RwLockWriteGuard<'static, ()>);

impl Drop for Alone {
    fn drop(&mut self) {
        ALONE.with(|alone| alone.set(false));
    }
}

/// A heavy child's share of the machine, for as long as the guard lives:
/// none while a test that measures time holds it alone, unless that test
/// is this thread's own.
#[allow(dead_code)]
pub fn share() -> Option<std::sync::RwLockReadGuard<'static, ()>> {
    if ALONE.with(|alone| alone.get()) {
        return None;
    }
    Some(
        MACHINE
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner()),
    )
}

/// Runs a browser script of tests/e2e with node, asserts that it passed,
/// and returns what it printed.
#[allow(dead_code)]
pub fn node(chromium: &str, script: &str, args: &[&std::ffi::OsStr]) -> String {
    let _share = share();
    let output = std::process::Command::new("node")
        .arg(script)
        .args(args)
        .env("CHROMIUM", chromium)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{report}");
    report
}

// ------------------------------------------- a child, watched from /proc ----

/// The child's peak resident memory so far, in kB (`VmHWM`), if it still
/// runs.
#[allow(dead_code)]
pub fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The child's CPU time so far (user and system), in clock ticks of
/// 1/100 s, if it still runs.
#[allow(dead_code)]
pub fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which is in parentheses): utime and
    // stime are the 12th and 13th.
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

#[allow(dead_code)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
    /// Wall-clock time, which other tests running at once can stretch.
    pub seconds: f64,
    /// CPU time, as last seen before the child ended.
    pub cpu_seconds: f64,
    pub peak_kb: u64,
}

/// Runs `program ARGS`, feeding stdin from `feed` on another thread, and
/// watches the child's CPU time and peak memory from /proc.
#[allow(dead_code)]
pub fn run_program(
    program: &str,
    args: &[&str],
    feed: impl FnOnce(&mut dyn Write) + Send + 'static,
) -> Run {
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || feed(&mut stdin));
    // Drained as they come, so that a child with much to say never waits
    // on a full pipe.
    let drain = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            pipe.read_to_end(&mut text).unwrap();
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let pid = child.id();
    let (mut peak, mut ticks) = (0, 0);
    while child.try_wait().unwrap().is_none() {
        peak = peak.max(peak_kb(pid).unwrap_or(0));
        ticks = ticks.max(cpu_ticks(pid).unwrap_or(0));
        std::thread::sleep(Duration::from_millis(2));
    }
    let seconds = started.elapsed().as_secs_f64();
    writer.join().unwrap();
    let status = child.wait().unwrap();
    Run {
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
        code: status.code(),
        seconds,
        cpu_seconds: ticks as f64 / 100.0,
        peak_kb: peak,
    }
}

// ------------------------------------- the command line, as a user runs it ----

/// `logicmaze`, built by `cargo test`.
#[allow(dead_code)]
pub fn logicmaze() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("logicmaze").expect("the binary is built")
}

/// The file `name` of the examples folder.
#[allow(dead_code)]
pub fn example(name: &str) -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

/// Runs `logicmaze ARGS` in `dir` with a terminal (a pseudo-terminal from
/// util-linux's `script`) as its stdin, stdout and stderr, returning what
/// the terminal showed and the exit status.
#[allow(dead_code)]
pub fn on_terminal(dir: &std::path::Path, args: &[&str]) -> (String, i32) {
    let quote = |word: &str| format!("'{}'", word.replace('\'', r"'\''"));
    let mut command = quote(env!("CARGO_BIN_EXE_logicmaze"));
    for arg in args {
        command.push(' ');
        command.push_str(&quote(arg));
    }
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("util-linux's script runs");
    let shown = String::from_utf8_lossy(&output.stdout).replace("\r\n", "\n");
    (shown, output.status.code().unwrap_or(-1))
}

// ------------------------------------------------------- C++ programs ----

/// Compiles the C++ file `source` to `program` with g++ (as the judges'
/// machines and CI have it), or panics with the compiler's words.
#[allow(dead_code)]
pub fn compile(source: &std::path::Path, program: &std::path::Path) {
    let out = Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(program)
        .arg(source)
        .output()
        .expect("this test cannot run: g++ is missing (apt-get install g++; .ci/run installs it)");
    assert!(
        out.status.success(),
        "{}: {}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}
