//! Pass 2: the references between documents. Referenced files must exist
//! inside the pack root and have the right kind (here: the pack, path
//! resolution, `extends` chains); ids must be unique and every unit,
//! formation, place, road, series id and hex reference must resolve
//! (`berthier_rules::check::references` and `check::map`, on the documents
//! loaded here).
//!
//! Every finding points at the referencing value (through the JSON Pointer
//! of the value and `locate`), and names the printed hex when one is
//! involved.

mod game;
mod include;
mod map;
mod series;
mod variant;

use std::path::PathBuf;
use std::sync::Arc;

use berthier_schema::{DocKind, Document};

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::pack::{Pack, Resolved};
use crate::schema_pass::Checked;
use crate::source::SourceFile;

/// Pass 2 of one document: its references to the pack's others.
pub(crate) fn check(pack: &Pack, entry: &Checked) -> Vec<Diagnostic> {
    let Some(document) = &entry.document else {
        return Vec::new();
    };
    let mut ctx = Ctx {
        pack,
        src: &entry.source,
        entry: Some(entry),
        origin: None,
        out: Vec::new(),
    };
    match document {
        Document::Series(d) => series::check(&mut ctx, d),
        Document::Map(d) => map::check(&mut ctx, d),
        Document::Counters(d) => map::counters(&mut ctx, d),
        Document::Scenario(d) => variant::check_full(&mut ctx, d),
        Document::Variant(d) => variant::check(&mut ctx, d),
        Document::Game(d) => game::check(&mut ctx, d),
    }
    ctx.out
}

/// Checking one document: the pack, the file, the findings so far.
pub struct Ctx<'a> {
    pack: &'a Pack,
    src: &'a SourceFile,
    /// The document being checked.
    entry: Option<&'a Checked>,
    /// For a resolved variant, where each part was written: findings are
    /// located there.
    origin: Option<&'a crate::pack::variant::Variant>,
    out: Vec<Diagnostic>,
}

impl<'a> Ctx<'a> {
    /// Records a finding at the value `pointer` names.
    fn report(
        &mut self,
        code: Code,
        pointer: &str,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        self.push(code, pointer, message.into(), false)
    }

    /// Records a finding at the value `pointer` names, or at its key when
    /// `at_key` (a map key that is itself wrong).
    fn push(
        &mut self,
        code: Code,
        pointer: &str,
        message: String,
        at_key: bool,
    ) -> &mut Diagnostic {
        let d = crate::locate::locate(
            self.pack,
            self.origin,
            self.src,
            code,
            pointer,
            message,
            at_key,
        );
        self.out.push(d);
        let last = self.out.len() - 1;
        &mut self.out[last]
    }

    /// Records a rule's finding where its pointer says.
    fn finding(&mut self, f: berthier_rules::check::Finding) {
        let d = self.push(f.code, &f.pointer, f.message, f.at_key);
        d.hex = f.hex;
        crate::locate::set_help(d, f.help);
    }

    /// Records the findings of `berthier_rules`' checks, in order.
    fn findings(&mut self, list: Vec<berthier_rules::check::Finding>) {
        list.into_iter().for_each(|f| self.finding(f));
    }

    /// Checks a file reference (REF001, REF002); the canonical path when it
    /// resolves.
    fn file(&mut self, pointer: &str, reference: &str) -> Option<PathBuf> {
        match self.pack.resolve(self.src, reference) {
            Resolved::Found(path) => Some(path),
            Resolved::Missing(rel) => {
                self.report(
                    Code::Ref001,
                    pointer,
                    format!("referenced file `{reference}` does not exist"),
                )
                .help = Some(format!("looked for `{rel}` in the pack root"));
                None
            }
            Resolved::Escapes(why) => {
                self.report(
                    Code::Ref002,
                    pointer,
                    format!("`{reference}` leaves the pack root: {why}"),
                )
                .help = Some(
                    "use a path relative to this file, inside the pack".into(),
                );
                None
            }
        }
    }

    /// Checks a document reference (REF001, REF002, REF010); the document
    /// when it resolves, has kind `want` and loads.
    fn document(
        &mut self,
        pointer: &str,
        reference: &str,
        want: DocKind,
    ) -> Option<Arc<Checked>> {
        let path = self.file(pointer, reference)?;
        let entry = self.pack.get(&path).cloned();
        let broken = entry.as_ref().is_none_or(|e| e.document.is_none());
        if broken && self.pack.is_selected(&path) {
            // Its own findings say why; a file that cannot be read at all
            // has no line to point at, so each document that needs it
            // says, at its reference, that it is not checked against it.
            let unreadable = entry.as_ref().and_then(|e| e.unreadable.clone());
            if let Some(why) = unreadable {
                self.report(
                    Code::Ref010,
                    pointer,
                    format!(
                        "`{reference}` cannot be read ({why}): this file is \
                         not checked against it"
                    ),
                )
                .help = Some(format!("make `{reference}` readable"));
            }
            return None;
        }
        let kind = entry.as_ref().and_then(|e| e.kind);
        if kind != Some(want) {
            let found = kind.map_or("not a pack document", DocKind::as_str);
            self.report(
                Code::Ref010,
                pointer,
                format!(
                    "`{reference}` should be a {} document, but it is {found}",
                    want.as_str()
                ),
            );
            return None;
        }
        let entry = entry?;
        if entry.document.is_none() {
            self.report(
                Code::Ref010,
                pointer,
                format!("`{reference}` has errors of its own"),
            )
            .help = Some(format!("run berthier-validate on `{reference}`"));
            return None;
        }
        Some(entry)
    }
}
