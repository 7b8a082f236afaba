//! The judges' arrow-maze reader on arbitrary bytes: it must not panic,
//! and every error must have a position.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logicmaze::batch::{self, BatchOptions};
use logicmaze::family::Parsed;

fuzz_target!(|data: &[u8]| {
    let options = BatchOptions::default()
        .with_family(logicmaze::family::Families::BUILT_IN.named("arrow"))
        .with_max_states(1 << 16);
    for item in batch::parse(data, &options) {
        if let Parsed::Error(error) = item {
            assert!(error.line >= 1 && error.column >= 1);
        }
    }
});
