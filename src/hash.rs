//! FNV-1a, 64 bits: a hash stable on every machine and in every version,
//! for names made from bytes (a package's uuid, a file's version in the
//! editor). Not for tables an attacker fills: it is not keyed.

/// FNV-1a of `bytes`, from the standard offset basis xor `start` (so that
/// one text can give several independent hashes).
pub(crate) fn fnv1a(start: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325 ^ start, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

#[cfg(test)]
mod tests {
    use super::fnv1a;

    #[test]
    fn it_is_the_published_fnv1a() {
        // The published test vectors of FNV-1a 64.
        assert_eq!(fnv1a(0, b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(0, b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(0, b"foobar"), 0x8594_4171_f739_67e8);
    }
}
