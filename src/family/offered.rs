//! The accessors of the capabilities a family's folder implements, written
//! once for the built-in families (a family outside the crate writes its
//! few by hand: `fn play(&self) -> Option<&dyn PlayFamily> { Some(self) }`).

/// In a family's `impl Family`, `offered!(family: contest, play, edit,
/// stress)`; in its maze type's `impl FamilyMaze`, `offered!(maze: play,
/// edit, stress)`: each capability named is `Some(self)`, built with its
/// feature, as the folder's implementation of its trait is.
macro_rules! offered {
    (family: $($capability:ident),+) => { $($crate::family::offered!(@family $capability);)+ };
    (maze: $($capability:ident),+) => { $($crate::family::offered!(@maze $capability);)+ };
    (@family contest) => { $crate::family::offered!(@one "contest", contest, ContestFamily); };
    (@family play) => { $crate::family::offered!(@one "play", play, PlayFamily); };
    (@family edit) => { $crate::family::offered!(@one "edit", edit, EditFamily); };
    (@family stress) => { $crate::family::offered!(@one "stress", stress, StressFamily); };
    (@maze play) => { $crate::family::offered!(@one "play", play, PlayMaze); };
    (@maze edit) => { $crate::family::offered!(@one "edit", edit, EditMaze); };
    (@maze stress) => { $crate::family::offered!(@one "stress", stress, StressMaze); };
    (@one $feature:literal, $name:ident, $capability:ident) => {
        #[cfg(feature = $feature)]
        fn $name(&self) -> Option<&dyn $crate::family::$capability> {
            Some(self)
        }
    };
}

pub(crate) use offered;
