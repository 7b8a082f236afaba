//! The judges' dice-maze reader on arbitrary bytes: it must not panic,
//! and every error must have a position.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logicmaze::text::parse_with;
use logicmaze::read::Limits;
use logicmaze::family::Parsed;

fuzz_target!(|data: &[u8]| {
    let limits = Limits { max_states: 1 << 16, memory: None };
    for item in parse_with(data, logicmaze::family::named("dice"), limits) {
        if let Parsed::Error(error) = item {
            assert!(error.line >= 1 && error.column >= 1);
        }
    }
});
