//! What several test files share.

use std::path::PathBuf;

/// A fresh folder under the system's temporary folder, named after the
/// test file (`what`), the process and a counter.
pub fn tempdir(what: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "logicmaze-{what}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
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

/// Runs a browser script of tests/e2e with node, asserts that it passed,
/// and returns what it printed.
fn node(chromium: &str, script: &str, args: &[&std::ffi::OsStr]) -> String {
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
