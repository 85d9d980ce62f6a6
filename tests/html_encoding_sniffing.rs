//! HTML's encoding sniffing algorithm (`webweft::html::encoding_sniffing`) against
//! html-encoding-sniffer 7, the package jsdom uses: hand-written cases (byte order marks, the
//! transport-layer label, `meta` charset and pragma, comments and other markup, the prescan's
//! limit, the XML declaration, UTF-16 without a BOM) and generated markup from a fixed seed,
//! the JavaScript in one `node` run of `tests/html_encoding_sniffing.mjs`. The two cases where
//! html-encoding-sniffer departs from the standard are checked on both sides.
#![cfg(all(feature = "html", feature = "encoding"))]

use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Stdio};
use webweft::html::encoding_sniffing::{SniffingInputs, encoding_sniffing_algorithm};

/// (bytes, transport-layer label, maxPrescanBytes).
type Case = (Vec<u8>, Option<&'static str>, usize);

fn html_encoding_sniffer(cases: &[Case]) -> Vec<String> {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/html_encoding_sniffing.mjs"
    );
    let mut child = Command::new("node")
        .arg(script)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("this test runs html-encoding-sniffer with `node`, which must be on the PATH");
    let input: Value = cases
        .iter()
        .map(|(bytes, label, max)| json!([bytes, label, max]))
        .collect();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.to_string().as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "tests/html_encoding_sniffing.mjs failed"
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn webweft(case: &Case) -> &'static str {
    let inputs = SniffingInputs {
        transport_layer_encoding_label: case.1,
        max_prescan_bytes: case.2,
        ..SniffingInputs::default()
    };
    encoding_sniffing_algorithm(&case.0, &inputs).0.name()
}

fn handwritten() -> Vec<Case> {
    let with = |bytes: &[u8]| (bytes.to_vec(), None, 1024);
    let mut cases = vec![
        with(b"\xEF\xBB\xBF<meta charset=gbk>"),
        with(b"\xFE\xFFx"),
        with(b"\xFF\xFEx"),
        with(b"\xEF\xBB"),
        (b"<meta charset=gbk>".to_vec(), Some(" Latin1 "), 1024),
        (b"<meta charset=gbk>".to_vec(), Some("bogus"), 1024),
        (b"\xFF\xFE<meta charset=gbk>".to_vec(), Some("latin1"), 1024),
        with(b"<meta charset=shift_jis>"),
        with(b"<META CHARSET=\"EUC-JP\">"),
        with(b"<meta/charset=big5>"),
        with(b"<meta charset='utf-16le'>"),
        with(b"<meta charset=x-user-defined>"),
        with(b"<meta charset=iso-2022-kr>"),
        with(b"<meta http-equiv=content-type content='text/html; charset=koi8-r'>"),
        with(b"<meta content='text/html; charset=koi8-r' http-equiv='Content-Type'>"),
        with(b"<meta content='text/html; charset=koi8-r'>"),
        with(b"<meta content=\"charset='koi8-u\" http-equiv=content-type>"),
        with(b"<meta charset=gbk charset=big5>"),
        with(b"<meta charset=bogus><meta charset=big5>"),
        with(b"<meta name=x><meta charset=big5>"),
        with(b"<!-- <meta charset=gbk> --><meta charset=big5>"),
        with(b"<!--><meta charset=gbk>"),
        with(b"<!---><meta charset=gbk>-->"),
        with(b"<p title='<meta charset=gbk>'><meta charset=big5>"),
        with(b"<? <meta charset=gbk> ?><meta charset=big5>"),
        with(b"<! <meta charset=gbk> ><meta charset=big5>"),
        with(b"</p <meta charset=gbk>><meta charset=big5>"),
        with(b"<metax charset=gbk><meta charset=big5>"),
        with(b"<meta charset=gbk"),
        with(b"<meta charset=\"gbk"),
        with(b"<meta charset = 'gbk' >"),
        with(b"<meta\tcharset\n=\x0Cgbk>"),
        with(b"<?xml version=\"1.0\" encoding=\"ISO-8859-2\"?>"),
        with(b"<?xml version='1.0' encoding='UTF-16'?>"),
        with(b"<?xml encoding = \"gbk\"?><meta charset=big5>"),
        with(b"<?xml version='1.0'?><p encoding='gbk'>"),
        with(b"<?xml encoding='g bk'?>"),
        with(b"<?XML encoding='gbk'?>"),
        with(b" <?xml encoding='gbk'?>"),
        with(b"<?xml encoding=gbk?>"),
        with(b"<\0?\0x\0m\0l\0 \0"),
        with(b"\0<\0?\0x\0m\0l\0 "),
        with(b"<\0?\0x\0"),
        with(b"<\0?\0"),
        with(b"<p>plain</p>"),
        with(b""),
        (b"<meta charset=gbk>".to_vec(), None, 0),
        (b"<meta charset=gbk>".to_vec(), None, 17),
        (b"<meta charset=gbk>".to_vec(), None, 18),
    ];
    let late = [&[b' '; 1020][..], b"<meta charset=gbk>"].concat();
    cases.push((late.clone(), None, 1024));
    cases.push((late, None, 2048));
    let late_xml = [&b"<?xml encoding='gbk'"[..], &[b' '; 1100], b"?>"].concat();
    cases.push((late_xml, None, 1024));
    cases
}

/// xorshift64*: the same inputs on every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn pick<'a>(&mut self, items: &[&'a [u8]]) -> &'a [u8] {
        items[(self.next() % items.len() as u64) as usize]
    }
}

/// Markup made of the pieces the prescan reacts to.
fn generated(count: usize) -> Vec<Case> {
    let pieces: &[&[u8]] = &[
        b"<meta ",
        b"<META/",
        b"charset",
        b"=",
        b" ",
        b"\t",
        b"'",
        b"\"",
        b">",
        b"<",
        b"/",
        b"gbk",
        b"utf-16be",
        b"x-user-defined",
        b"bogus",
        b"koi8-r",
        b"http-equiv",
        b"content-type",
        b"content",
        b"text/html;charset=big5",
        b"<!--",
        b"-->",
        b"<!",
        b"<?",
        b"</",
        b"<p ",
        b"a",
        b"<?xml ",
        b"encoding",
        b"\0",
        b"\xE9",
    ];
    let mut random = Random(0x5EED_DA7A);
    (0..count)
        .map(|_| {
            let len = random.next() % 16;
            let bytes: Vec<u8> = (0..len)
                .flat_map(|_| random.pick(pieces).to_vec())
                .collect();
            let max = [1024, 8, 40][(random.next() % 3) as usize];
            (bytes, None, max)
        })
        .collect()
}

/// Where html-encoding-sniffer 7 departs from the standard: (input, webweft's encoding (the
/// standard's), html-encoding-sniffer's), each checked on both sides.
const DIFFERENCES: [(&[u8], &str, &str); 2] = [
    // A `charset` that is not a label is failure, not null: a `content` after it does not count
    // (step 9); html-encoding-sniffer takes the content's encoding.
    (
        b"<meta charset=bogus content='charset=koi8-r' http-equiv=content-type>",
        "windows-1252",
        "KOI8-R",
    ),
    // `</` and a letter start an end tag whose attributes are read one by one (a quoted ">"
    // does not end it); html-encoding-sniffer skips to the first ">".
    (b"</p title='>'<meta charset=gbk>'>", "windows-1252", "GBK"),
];

#[test]
fn against_html_encoding_sniffer() {
    let cases: Vec<Case> = handwritten().into_iter().chain(generated(4000)).collect();
    let theirs = html_encoding_sniffer(&cases);
    let mismatches: Vec<String> = cases
        .iter()
        .zip(&theirs)
        .filter(|(case, theirs)| webweft(case) != theirs.as_str())
        .map(|(case, theirs)| {
            format!(
                "{:?} (label {:?}, max {}): webweft {}, html-encoding-sniffer {theirs}",
                String::from_utf8_lossy(&case.0),
                case.1,
                case.2,
                webweft(case)
            )
        })
        .collect();
    println!(
        "html-encoding-sniffer 7: {}/{} agree",
        cases.len() - mismatches.len(),
        cases.len()
    );
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn where_webweft_follows_the_standard() {
    let cases: Vec<Case> = DIFFERENCES
        .iter()
        .map(|(bytes, _, _)| (bytes.to_vec(), None, 1024))
        .collect();
    let theirs = html_encoding_sniffer(&cases);
    for ((case, theirs), (_, standard, package)) in cases.iter().zip(&theirs).zip(DIFFERENCES) {
        assert_eq!(
            webweft(case),
            standard,
            "{:?}",
            String::from_utf8_lossy(&case.0)
        );
        assert_eq!(theirs, package, "{:?}", String::from_utf8_lossy(&case.0));
    }
}
