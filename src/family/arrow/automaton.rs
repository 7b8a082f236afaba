//! The automaton behind the quick reader of an arrow maze's intersection
//! lines: the signs after the column (`SIGN SIGN ... *`) read by states
//! and byte classes, with tables for one byte and, composed from them, for
//! two ([`quick_signs`] steps two bytes at a time).

use super::Sign;
use crate::grid::Direction;

/// Reads `SIGN SIGN ... *` (after the column) with an automaton over byte
/// classes, stepping two bytes at a time. The chain of states from step to
/// step, not the work per step, is what limits a scanner like this, so a
/// step is one load from a table whose entries hold the next state's place
/// in the table itself ([`STEP2`]).
pub(super) fn quick_signs(bytes: &[u8]) -> Option<[Sign; 4]> {
    let (mut at, mut bits) = (BETWEEN as usize * PAIRS, 0u32);
    let mut pairs = bytes.chunks_exact(2);
    for pair in &mut pairs {
        let index = CLASS[pair[0] as usize] as usize * CLASSES + CLASS[pair[1] as usize] as usize;
        let step = STEP2[at + index];
        bits |= step;
        at = (step & 0xffff) as usize;
    }
    if let [last] = pairs.remainder() {
        let step = STEP[at + CLASS[*last as usize] as usize];
        bits |= step;
        at = (step & 0xffff) as usize;
    }
    let bits = bits >> 16;
    accepts((at / PAIRS) as u8)
        .then(|| Direction::ALL.map(|d| Sign((bits >> (3 * d.index()) & 0b111) as u8)))
}

/// Byte classes: whitespace, the four direction letters, the three turn
/// letters, `*`, and everything else.
const SPACE: usize = 0;
const FIRST_DIRECTION: usize = 1;
const FIRST_TURN: usize = 5;
const STAR: usize = 8;
const OTHER: usize = 9;
const CLASSES: usize = 10;

/// States: between tokens (0); inside a sign token with direction `d`
/// after `k` turn letters (`1 + 4d + k`, 1..=16); just after `*`; in the
/// whitespace after `*`; rejected.
const BETWEEN: u8 = 0;
const AFTER_STAR: u8 = 17;
const TRAILING: u8 = 18;
const REJECTED: u8 = 19;
const STATES: usize = 20;

/// Whether the automaton accepts in `state`: the line ended after `*`.
fn accepts(state: u8) -> bool {
    state == AFTER_STAR || state == TRAILING
}

const CLASS: [u8; 256] = {
    let mut table = [OTHER as u8; 256];
    let mut i = 0;
    while i < 256 {
        let byte = i as u8;
        table[i] = match byte {
            b'N' | b'E' | b'S' | b'W' => match Direction::from_letter(byte) {
                Some(d) => (FIRST_DIRECTION + d as usize) as u8,
                None => OTHER as u8,
            },
            b'L' => FIRST_TURN as u8,
            b'F' => FIRST_TURN as u8 + 1,
            b'R' => FIRST_TURN as u8 + 2,
            b'*' => STAR as u8,
            _ if byte.is_ascii_whitespace() => SPACE as u8,
            _ => OTHER as u8,
        };
        i += 1;
    }
    table
};

/// `NEXT[state][class]`: the state after one byte of that class.
const NEXT: [[u8; CLASSES]; STATES] = {
    let mut table = [[REJECTED; CLASSES]; STATES];
    let mut class = 0;
    while class < CLASSES {
        table[BETWEEN as usize][class] = match class {
            SPACE => BETWEEN,
            1..=4 => 1 + 4 * (class - FIRST_DIRECTION) as u8,
            STAR => AFTER_STAR,
            _ => REJECTED,
        };
        let mut state = 1;
        while state <= 16 {
            let turns = (state - 1) % 4;
            table[state][class] = match class {
                SPACE if turns > 0 => BETWEEN,
                5..=7 if turns < 3 => state as u8 + 1,
                _ => REJECTED,
            };
            state += 1;
        }
        let after_star = if class == SPACE { TRAILING } else { REJECTED };
        table[AFTER_STAR as usize][class] = after_star;
        table[TRAILING as usize][class] = after_star;
        class += 1;
    }
    table
};

/// `BIT[state][class]`: the sign bit a turn letter sets in that state
/// (bit `3d + t` for direction `d` and turn `t`), or 0.
const BIT: [[u16; CLASSES]; STATES] = {
    let mut table = [[0; CLASSES]; STATES];
    let mut state = 1;
    while state <= 16 {
        let direction = (state - 1) / 4;
        let mut turn = 0;
        while turn < 3 {
            table[state][FIRST_TURN + turn] = 1 << (3 * direction + turn);
            turn += 1;
        }
        state += 1;
    }
    table
};

/// `NEXT2[state][first * CLASSES + second]`: two steps of [`NEXT`].
const NEXT2: [[u8; CLASSES * CLASSES]; STATES] = {
    let mut table = [[REJECTED; CLASSES * CLASSES]; STATES];
    let mut state = 0;
    while state < STATES {
        let mut pair = 0;
        while pair < CLASSES * CLASSES {
            let middle = NEXT[state][pair / CLASSES];
            table[state][pair] = NEXT[middle as usize][pair % CLASSES];
            pair += 1;
        }
        state += 1;
    }
    table
};

/// Pairs of byte classes.
const PAIRS: usize = CLASSES * CLASSES;

/// One step as [`quick_signs`] takes it: the next state times
/// [`PAIRS`] (where its row of a table starts) in the low 16 bits, and
/// the sign bits the step sets in the high 16.
const fn step(next: u8, bits: u16) -> u32 {
    (next as u32 * PAIRS as u32) | (bits as u32) << 16
}

/// `STEP2[state * PAIRS + first * CLASSES + second]`: two bytes of
/// [`NEXT2`] and [`BIT2`] in one entry.
const STEP2: [u32; STATES * PAIRS] = {
    let mut table = [0; STATES * PAIRS];
    let mut i = 0;
    while i < STATES * PAIRS {
        table[i] = step(NEXT2[i / PAIRS][i % PAIRS], BIT2[i / PAIRS][i % PAIRS]);
        i += 1;
    }
    table
};

/// `STEP[state * PAIRS + class]`: one byte of [`NEXT`] and [`BIT`], in
/// rows as long as those of [`STEP2`].
const STEP: [u32; STATES * PAIRS] = {
    let mut table = [0; STATES * PAIRS];
    let mut state = 0;
    while state < STATES {
        let mut class = 0;
        while class < CLASSES {
            table[state * PAIRS + class] = step(NEXT[state][class], BIT[state][class]);
            class += 1;
        }
        state += 1;
    }
    table
};

/// `BIT2[state][first * CLASSES + second]`: the bits both steps set.
const BIT2: [[u16; CLASSES * CLASSES]; STATES] = {
    let mut table = [[0; CLASSES * CLASSES]; STATES];
    let mut state = 0;
    while state < STATES {
        let mut pair = 0;
        while pair < CLASSES * CLASSES {
            let (first, second) = (pair / CLASSES, pair % CLASSES);
            let middle = NEXT[state][first];
            table[state][pair] = BIT[state][first] | BIT[middle as usize][second];
            pair += 1;
        }
        state += 1;
    }
    table
};
