//! A variant's change that cannot be applied to its base.

/// A change that could not be applied, at its pointer in the variant.
#[derive(Debug, Clone, PartialEq)]
pub struct Issue {
    /// JSON Pointer into the variant file.
    pub pointer: String,
    /// What is wrong.
    pub kind: IssueKind,
}

/// What is wrong with a change.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum IssueKind {
    /// The variant states another map or counters file than its base uses.
    #[error(
        "the variant states {field} `{stated}`, but its base uses `{base}` \
         (the inherited setup and places are the base's)"
    )]
    OtherFile {
        /// `map` or `counters`.
        field: &'static str,
        /// As stated, relative to the variant.
        stated: String,
        /// The base's, relative to the variant.
        base: String,
    },
    /// Changes for a side the base does not have.
    #[error("the base has no side `{0}`")]
    UnknownSide(String),
    /// A replaced or removed instruction id the base side does not have.
    #[error("side `{side}` of the base has no instruction with id `{id}`")]
    UnknownInstruction {
        /// The side.
        side: String,
        /// The id.
        id: String,
    },
    /// A shift that moves an arrival off the turn track.
    #[error(
        "moving the arrival of {units} ({from}) by {minutes} minutes leaves \
         the turn track ({track})"
    )]
    ShiftOffTrack {
        /// The arrival's units, as printed in the message.
        units: String,
        /// Its inherited time.
        from: String,
        /// The shift.
        minutes: i32,
        /// The turn track, in words.
        track: String,
    },
    /// An arrival window bound that names no moment of the base's turn
    /// track.
    #[error(
        "the arrival window's bound {bound} is not on the base's turn track \
         ({track})"
    )]
    WindowOffTrack {
        /// The bound, in words.
        bound: String,
        /// The base's turn track, in words.
        track: String,
    },
    /// An arrival window that ends before it starts.
    #[error("the arrival window ends ({until}) before it starts ({from})")]
    WindowEmpty {
        /// Its start.
        from: String,
        /// Its end.
        until: String,
    },
    /// A replaced or removed victory condition or special rule id the base
    /// does not have.
    #[error("the base has no {list} with id `{id}`")]
    UnknownId {
        /// `victory condition` or `special rule`.
        list: &'static str,
        /// The id.
        id: String,
    },
    /// A `DeploymentOf` whose scenario cannot be used: unread, not a
    /// scenario, on another map, or leading back to the scenario that
    /// names it.
    #[error("the deployment of `{scenario}` cannot be read: {why}")]
    DeploymentUnusable {
        /// The scenario as written.
        scenario: String,
        /// Why.
        why: String,
    },
    /// A `DeploymentOf` whose scenario deploys none of the units asked.
    #[error("`{scenario}` deploys none of {whose}")]
    DeploymentEmpty {
        /// The scenario as written.
        scenario: String,
        /// Whose deployment, in words.
        whose: String,
    },
    /// A map state change that sets the state the base already gives the
    /// same feature at the same place.
    #[error(
        "the base already sets this {feature} to `{state}`: the change \
         changes nothing"
    )]
    MapStateUnchanged {
        /// The feature kind.
        feature: String,
        /// The state both give.
        state: String,
    },
}
