//! Every link from README.md and the pages of docs/ to a file of the repository leads to a
//! file that exists, and every `#anchor` to a heading of that page (as GitHub names
//! headings: lower case, punctuation dropped, spaces as hyphens). The README is the front
//! door and the docs its rooms: a link into nothing is a defect a reader meets first.

use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// README.md, docs/*.md and docs/*/*.md.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![Path::new(ROOT).join("README.md")];
    let mut dirs = vec![Path::new(ROOT).join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages
}

/// The page's lines outside code blocks (fenced with ```).
fn prose_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut in_code = false;
    text.lines().filter(move |line| {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            return false;
        }
        !in_code
    })
}

/// The targets of the page's inline links `[text](target)`, outside code blocks.
fn links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    for line in prose_lines(text) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            links.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    links
}

/// The anchors GitHub gives the page's headings.
fn anchors(text: &str) -> Vec<String> {
    prose_lines(text)
        .filter(|line| line.starts_with('#'))
        .map(|line| {
            let heading = line.trim_start_matches('#').trim().to_lowercase();
            heading
                .chars()
                .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
                .map(|c| if c == ' ' { '-' } else { c })
                .collect()
        })
        .collect()
}

#[test]
fn every_link_of_the_docs_leads_somewhere() {
    let mut broken = Vec::new();
    let pages = pages();
    assert!(pages.len() > 10, "{} pages", pages.len());
    for page in &pages {
        let text = fs::read_to_string(page).unwrap();
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = link.split_once('#').unwrap_or((&link, ""));
            let target = match file {
                "" => page.clone(),
                _ => page.parent().unwrap().join(file),
            };
            if !target.exists() {
                broken.push(format!("{}: {link}: no such file", page.display()));
            } else if !anchor.is_empty() && target.extension().is_some_and(|e| e == "md") {
                let headings = anchors(&fs::read_to_string(&target).unwrap());
                if !headings.iter().any(|h| h == anchor) {
                    broken.push(format!("{}: {link}: no such heading", page.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The repository paths the page names in code spans (`src/retro/layout/grouping.rs`,
/// `www/books/index.json`), outside code blocks: the spans under the folders below, up to
/// any `:line`, `#anchor` or trailing punctuation. Paths the build writes (`www/pkg`,
/// `www/pkg-threads`, `dist/`) and spans with a placeholder or pattern (`NAME`, `*`, `<..>`,
/// `{..}`) are left out.
fn code_paths(text: &str) -> Vec<String> {
    const FOLDERS: [&str; 7] = [
        "src/",
        "www/",
        "tests/",
        "scripts/",
        "docs/",
        "examples/",
        "python/",
    ];
    let mut paths = Vec::new();
    for line in prose_lines(text) {
        for (i, span) in line.split('`').enumerate() {
            if i % 2 == 0 || !FOLDERS.iter().any(|f| span.starts_with(f)) {
                continue;
            }
            let path = span.split([':', '#', ' ', '(']).next().unwrap();
            let path = path.trim_end_matches(['.', ',', ';']);
            let generated = ["www/pkg", "dist/"].iter().any(|g| path.starts_with(g));
            let pattern = path.contains(['*', '<', '{', '$'])
                || path.split('/').any(|part| {
                    part.len() > 1 && part.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                });
            if !generated && !pattern {
                paths.push(path.to_string());
            }
        }
    }
    paths
}

#[test]
fn every_path_the_docs_name_exists() {
    let mut missing = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(&page).unwrap();
        for path in code_paths(&text) {
            if !Path::new(ROOT).join(&path).exists() {
                missing.push(format!("{}: `{path}`", page.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths named in the docs that do not exist:\n{}",
        missing.join("\n")
    );
}
