//! Work is protected: saves that would lose comments ask first, unsaved
//! changes are not dropped without asking, the error screen leads back,
//! changes made to the file by another program are noticed, and the demo
//! opens from a copy in the user's data folder. Run with
//! `ICED_TEST_BACKEND=tiny-skia`.

#[path = "../app_ui/mod.rs"]
mod app_ui;
#[path = "../common/mod.rs"]
mod common;

mod rewrite;
