//! Memory does not grow with the input: mazes are read, solved and written
//! one batch at a time. (The 2 GB run is in scripts/bench.sh.)

#![cfg(target_os = "linux")]

use crate::common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use logicmaze::{
    family::{Maze, arrow, dice},
    text,
};

/// The child's peak resident memory so far, in kB; it is still running.
fn peak_kb(pid: u32) -> u64 {
    common::peak_kb(pid).expect("the child still runs")
}

#[test]
fn peak_memory_does_not_grow_with_the_input() {
    let mut block = String::new();
    for seed in 0..100 {
        text::write_maze(&mut block, &Maze::from(arrow::random_maze(seed, 9, 9))).unwrap();
        text::write_maze(&mut block, &Maze::from(dice::random_maze(seed, 10, 10))).unwrap();
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_logicmaze"))
        .args(["solve", "--jobs", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let drain = std::thread::spawn(move || {
        let mut buffer = vec![0; 1 << 16];
        let mut total = 0;
        while let Ok(n @ 1..) = stdout.read(&mut buffer) {
            total += n;
        }
        total
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut write_mb = |megabytes: usize| {
        for _ in 0..megabytes * (1 << 20) / block.len() {
            stdin.write_all(block.as_bytes()).unwrap();
        }
        stdin.flush().unwrap();
    };
    write_mb(2);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let early = peak_kb(child.id());
    write_mb(20);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let late = peak_kb(child.id());
    drop(stdin);
    let status = child.wait().unwrap();
    let output = drain.join().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(output > 1 << 20, "the mazes were answered");
    assert!(
        late < early + 8 * 1024,
        "peak memory grew from {early} kB after 2 MB to {late} kB after 22 MB"
    );
}
