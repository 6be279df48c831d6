//! Helpers shared by the workshop's tests.

#![allow(dead_code)]

pub mod files;
pub mod oob_csv;
