#!/usr/bin/env python3
"""Compiles and runs the Swift code blocks of README.md and of the DocC articles, and checks what they print.

Called by scripts/check-docs.sh, which documents the conventions a documentation author uses; in short:

  ```swift                      compiled (all blocks at once, each in a function of its own) and run
  print(x, y)  // 12 0.75       a print's trailing comment is what it prints: numbers match to the precision
                                written (0.58333 matches 0.5833333333333334), 1993.06… may also be cut off there,
                                and a trailing … leaves the rest of the line unchecked
  ```text right after a block   instead: everything the block prints, line by line
  <!-- check-docs: KEYS -->     right above a block's fence; KEYS among
                                  setup=NAME[,NAME…]  scripts/docs-setup/NAME.swift runs first, in the same scope
                                  continues           the block goes on from the previous swift block of the file
                                  no-run              compiled, not run
                                  manifest            a Package.swift: evaluated by `swift package dump-package`
                                  skip                not checked at all

Whatever a block prints that the documentation does not state fails the check, as does a thrown error or a crash;
every compiler diagnostic points at the documentation's own file and line.
"""

import decimal
import json
import os
import re
import shutil
import subprocess
import sys
import time

WORK = ".build-docs-check"
SETUP_DIR = "scripts/docs-setup"
KNOWN_KEYS = {"setup", "continues", "no-run", "manifest", "skip"}

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)(.*)$")
DIRECTIVE = re.compile(r"^\s*<!--\s*check-docs:(.*?)-->\s*$")
IMPORT = re.compile(r"^(?:@[A-Za-z_]+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?"
                    r"([A-Za-z_][A-Za-z_0-9]*)")
NUMBER = r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
# Warnings that top-level code (what a reader copies a block into) would not give: a documentation block often shows
# a value without using it further.
IGNORED_WARNINGS = re.compile(
    r"(initialization of (immutable value|variable) '.*' was never used"
    r"|immutable value '.*' was never used"
    r"|variable '.*' was never (used|mutated)"
    r"|variable '.*' was written to, but never read)")
DIAGNOSTIC = re.compile(r"^(.+?):(\d+):(\d+): (error|warning|note|remark): (.*)$")


class Failure(Exception):
    pass


class Block:
    def __init__(self, path, fence_line, language, body, keys):
        self.path = path
        self.fence_line = fence_line  # 1-based line of the opening fence
        self.language = language
        self.body = body  # the lines between the fences, their fence's indentation removed
        self.keys = keys  # directive key → value (None for a bare key)
        self.output = None  # the lines of a ```text block right after, if any
        self.output_line = None

    @property
    def first_line(self):
        return self.fence_line + 1

    @property
    def last_line(self):
        return self.fence_line + len(self.body)

    def where(self):
        return f"{self.path}:{self.fence_line}"


def parse_directive(text, where):
    keys = {}
    for token in text.split():
        key, _, value = token.partition("=")
        if key not in KNOWN_KEYS:
            raise Failure(f"{where}: unknown check-docs key '{key}' (known: {', '.join(sorted(KNOWN_KEYS))})")
        keys[key] = value or None
    if "setup" in keys and not keys["setup"]:
        raise Failure(f"{where}: setup needs a name: <!-- check-docs: setup=NAME -->")
    return keys


def parse_markdown(path):
    """The fenced blocks of a Markdown file, each with the check-docs directives right above it."""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks = []
    pending = {}
    pending_line = None
    last_closed = None  # (block, line index of its closing fence)
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence and not (fence.group(2).startswith("`") and "`" in fence.group(4)):
            indent, marker, language = fence.group(1), fence.group(2), fence.group(3).lower()
            fence_line = i + 1
            body = []
            i += 1
            while i < len(lines):
                stripped = lines[i].strip()
                if stripped.startswith(marker[0] * len(marker)) and set(stripped) == {marker[0]}:
                    break
                text = lines[i]
                body.append(text[len(indent):] if text.startswith(indent) else text.lstrip())
                i += 1
            else:
                raise Failure(f"{path}:{fence_line}: a code block is never closed")
            block = Block(path, fence_line, language, body, pending)
            previous = last_closed
            if language == "text" and previous and not pending and previous[0].language == "swift" and all(
                    not lines[k].strip() for k in range(previous[1] + 1, block.fence_line - 1)):
                previous[0].output = body
                previous[0].output_line = block.fence_line
            blocks.append(block)
            last_closed = (block, i)
            pending, pending_line = {}, None
            i += 1
            continue
        directive = DIRECTIVE.match(line)
        if directive:
            pending.update(parse_directive(directive.group(1), f"{path}:{i + 1}"))
            pending_line = pending_line or i + 1
        elif line.strip():
            if pending:
                raise Failure(f"{path}:{pending_line}: a check-docs directive must be right above a code block")
            last_closed = None
        i += 1
    if pending:
        raise Failure(f"{path}:{pending_line}: a check-docs directive must be right above a code block")
    return blocks


def split_comment(line):
    """(code, comment): the text after the first // outside a string literal, or None."""
    i, n = 0, len(line)
    in_string = False
    interpolations = []  # the open parentheses inside each \( … ) being read
    while i < n:
        c = line[i]
        if in_string:
            if c == "\\" and i + 1 < n:
                if line[i + 1] == "(":
                    interpolations.append(0)
                    in_string = False
                i += 2
                continue
            if c == '"':
                in_string = False
            i += 1
            continue
        if line.startswith("//", i):
            return line[:i], line[i + 2:]
        if c == '"':
            if line.startswith('"""', i):
                return line, None
            in_string = True
        elif c == "(" and interpolations:
            interpolations[-1] += 1
        elif c == ")" and interpolations:
            if interpolations[-1] == 0:
                interpolations.pop()
                in_string = True
            else:
                interpolations[-1] -= 1
        i += 1
    return line, None


def is_print_call(code):
    """Whether the code is one whole call print(…) on one line."""
    code = code.strip()
    if not (code.startswith("print(") and code.endswith(")")):
        return False
    depth = 0
    for k, c in enumerate(code[len("print"):]):
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth == 0:
            return k == len(code) - len("print") - 1
    return False


def expected_prints(block):
    """Line number → the output stated in the trailing comment of a one-line print(…), continued by comment lines
    aligned with it."""
    expected = {}
    k = 0
    while k < len(block.body):
        code, comment = split_comment(block.body[k])
        if comment is not None and is_print_call(code):
            column = len(code)
            text = comment.strip()
            line_number = block.first_line + k
            while k + 1 < len(block.body):
                next_code, next_comment = split_comment(block.body[k + 1])
                if next_code.strip() or next_comment is None or len(next_code) != column:
                    break
                text += " " + next_comment.strip()
                k += 1
            expected[line_number] = text
        k += 1
    return expected


def output_matches(expected, actual):
    """Whether a printed line matches the documentation's: text exactly; numbers to the precision written (rounded;
    with … after them, rounded or cut off); a trailing … after other text leaves the rest of the line unchecked."""
    rest_unchecked = expected.endswith("…") and not re.search(r"\d…$", expected)
    if rest_unchecked:
        expected = expected[:-1].rstrip()
    pattern = ""
    numbers = []
    position = 0
    for match in re.finditer(NUMBER + "(…)?", expected):
        pattern += re.escape(expected[position:match.start()])
        written = match.group(0)
        truncated = written.endswith("…")
        numbers.append((written.rstrip("…"), truncated))
        pattern += f"({NUMBER})" + ("(?:…)?" if truncated else "")
        position = match.end()
    pattern += re.escape(expected[position:])
    found = re.match(pattern + (".*" if rest_unchecked else "") + r"\Z", actual, re.DOTALL)
    if not found:
        return False
    for (written, truncated), printed in zip(numbers, found.groups()):
        if truncated and printed.lstrip("+").startswith(written.lstrip("+")):
            continue
        if not number_matches(written, printed):
            return False
    return True


def number_matches(written, printed):
    """Whether the printed number, rounded to the digits written (half even or half up), is the written one."""
    with decimal.localcontext() as context:
        context.prec = 800  # enough for any Double written out in full
        try:
            value = decimal.Decimal(printed)
            target = decimal.Decimal(written)
            if "e" in written.lower():
                mantissa = written.lower().split("e")[0]
                digits = len(mantissa.split(".")[1]) if "." in mantissa else 0
                return decimal.Decimal(f"{value:.{digits}e}") == target
            digits = len(written.split(".")[1]) if "." in written else 0
            quantum = decimal.Decimal(1).scaleb(-digits)
            return target.quantize(quantum) in (value.quantize(quantum, rounding=decimal.ROUND_HALF_EVEN),
                                                value.quantize(quantum, rounding=decimal.ROUND_HALF_UP))
        except decimal.InvalidOperation:
            return False


def documents(root):
    found = ["README.md"] if os.path.exists(os.path.join(root, "README.md")) else []
    sources = os.path.join(root, "Sources")
    for module in sorted(os.listdir(sources)):
        catalog = os.path.join(sources, module, module + ".docc")
        for folder, _, files in sorted(os.walk(catalog)):
            for name in sorted(files):
                if name.endswith(".md"):
                    found.append(os.path.relpath(os.path.join(folder, name), root))
    return found


def default_module(path):
    match = re.match(r"Sources/([^/]+)/\1\.docc/", path)
    return match.group(1) if match else "StencilKit"


class Chain:
    """Blocks run in one function: a block and the ones that continue it."""

    def __init__(self, index, first):
        self.index = index
        self.blocks = [first]

    @property
    def runs(self):
        return "no-run" not in self.blocks[0].keys


def build_chains(blocks, failures):
    chains = []
    previous_by_file = {}
    for block in blocks:
        if block.language != "swift" or "skip" in block.keys or "manifest" in block.keys:
            continue
        if "continues" in block.keys:
            previous = previous_by_file.get(block.path)
            if previous is None:
                failures.append(f"{block.where()}: 'continues', but no swift block comes before it in the file")
                continue
            if "setup" in block.keys or "no-run" in block.keys:
                failures.append(f"{block.where()}: a continuing block takes setup and no-run from the block it "
                                "continues")
            previous.blocks.append(block)
        else:
            chain = Chain(len(chains), block)
            chains.append(chain)
            previous_by_file[block.path] = chain
    return chains


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def generate(chains, root, out_dir, failures):
    """One Swift file per chain, a support file and main.swift; returns the file names."""
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    files = []
    setups = {}
    for chain in chains:
        imports = []
        setup_lines = []
        names = (chain.blocks[0].keys.get("setup") or "")
        for name in [n for n in names.split(",") if n]:
            path = os.path.join(SETUP_DIR, name + ".swift")
            if not os.path.exists(os.path.join(root, path)):
                failures.append(f"{chain.blocks[0].where()}: no setup {path}")
                continue
            if path not in setups:
                setups[path] = open(os.path.join(root, path), encoding="utf-8").read().split("\n")
            setup_lines.append(f"#sourceLocation(file: {swift_string(path)}, line: 1)")
            for line in setups[path]:
                found = IMPORT.match(line)
                if found:
                    imports.append(found.group(1))
                    line = ""
                setup_lines.append(line)
        body = []
        for block in chain.blocks:
            body.append(f"#sourceLocation(file: {swift_string(block.path)}, line: {block.first_line})")
            for line in block.body:
                found = IMPORT.match(line)
                if found:
                    imports.append(found.group(1))
                    line = ""
                body.append(line)
        stated = list(dict.fromkeys(imports))
        if not any(IMPORT.match(line) for b in chain.blocks for line in b.body):
            default = default_module(chain.blocks[0].path)
            stated = [default] + [m for m in stated if m != default]
        is_async = any(re.search(r"\bawait\b", l) for l in body + setup_lines)
        first = chain.blocks[0]
        text = [f"// Generated by scripts/check-docs.py from {first.path}:{first.fence_line}; do not edit.",
                *[f"import {m}" for m in stated], "",
                f"func docsChain{chain.index}() {'async ' if is_async else ''}throws {{",
                "    func print(",
                "        _ items: Any..., separator: String = \" \", terminator: String = \"\\n\",",
                "        file: String = #filePath, line: Int = #line",
                "    ) {",
                "        docsCheckPrint(items, separator: separator, terminator: terminator, file: file, line: line)",
                "    }",
                *setup_lines, *body, "#sourceLocation()", "}", ""]
        name = f"Chain{chain.index}.swift"
        with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
            f.write("\n".join(text))
        files.append(name)
    with open(os.path.join(out_dir, "Support.swift"), "w", encoding="utf-8") as f:
        f.write(SUPPORT)
    entries = ",\n".join(f"    ({c.index}, docsChain{c.index})" for c in chains if c.runs)
    with open(os.path.join(out_dir, "main.swift"), "w", encoding="utf-8") as f:
        f.write(MAIN.replace("CHAINS", entries))
    return files + ["Support.swift", "main.swift"]


SUPPORT = r"""// Generated by scripts/check-docs.py; do not edit.
import Foundation

/// One JSON object a line on standard output: each print of a block (its file, line and text), and each chain's
/// start, end or thrown error.
final class DocsCheckLog: @unchecked Sendable {
    private let lock = NSLock()

    func write(_ fields: [(String, String)]) {
        let object = "{" + fields.map { "\(Self.quoted($0.0)): \(Self.quoted($0.1))" }.joined(separator: ", ") + "}\n"
        lock.lock()
        FileHandle.standardOutput.write(Data(object.utf8))
        lock.unlock()
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

let docsCheckLog = DocsCheckLog()

func docsCheckPrint(_ items: [Any], separator: String, terminator: String, file: String, line: Int) {
    let text = items.map { String(describing: $0) }.joined(separator: separator) + terminator
    docsCheckLog.write([("event", "print"), ("file", file), ("line", "\(line)"), ("text", text)])
}
"""

MAIN = r"""// Generated by scripts/check-docs.py; do not edit.
// The blocks to run, by chain number; the first argument, if any, is the chain to start from.
let docsChains: [(Int, () async throws -> Void)] = [
CHAINS
]
let docsFirst = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 0 : 0
for (index, chain) in docsChains where index >= docsFirst {
    docsCheckLog.write([("event", "start"), ("chain", "\(index)")])
    do {
        try await chain()
    } catch {
        docsCheckLog.write([("event", "threw"), ("chain", "\(index)"), ("text", "\(error)")])
    }
    docsCheckLog.write([("event", "end"), ("chain", "\(index)")])
}
"""


def run(command, **options):
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **options)


def library_build(root, build_args):
    """Builds the package's library products (debug unless the arguments say otherwise) and returns the compiler
    options and objects to compile against them."""
    described = run(["swift", "package", "describe", "--type", "json"], cwd=root)
    if described.returncode != 0:
        raise Failure("swift package describe failed:\n" + described.stdout)
    text = described.stdout
    package = json.loads(text[text.index("{"):])
    targets = {t["name"]: t for t in package["targets"]}
    wanted = []
    for product in package["products"]:
        if "library" in product["type"]:
            for name in product["targets"]:
                if name not in wanted:
                    wanted.append(name)
    for name in wanted:
        built = run(["swift", "build", *build_args, "--target", name], cwd=root)
        if built.returncode != 0:
            raise Failure(f"swift build {' '.join(build_args)} --target {name} failed:\n" + built.stdout[-6000:])
    closure = []

    def visit(name):
        if name in closure or name not in targets:
            return
        for dependency in targets[name].get("target_dependencies", []):
            visit(dependency)
        closure.append(name)

    for name in wanted:
        visit(name)
    bin_path = run(["swift", "build", *build_args, "--show-bin-path"], cwd=root).stdout.strip().splitlines()[-1]
    options = ["-I", os.path.join(bin_path, "Modules"), "-I", bin_path]
    objects = []
    for name in closure:
        target = targets[name]
        if target["type"] == "system-target":
            source = os.path.join(root, target["path"])
            options += ["-Xcc", f"-fmodule-map-file={os.path.join(source, 'module.modulemap')}", "-I", source]
            continue
        module = target.get("c99name", name)
        file_map = os.path.join(bin_path, module + ".build", "output-file-map.json")
        if not os.path.exists(file_map):
            raise Failure(f"{file_map} is missing: this SwiftPM lays out its build differently")
        entries = json.load(open(file_map))
        objects += [entry["object"] for source, entry in entries.items() if source and "object" in entry]
    return options, objects


def diagnostics_report(output):
    """The compiler's diagnostics that fail the check, each with its excerpt and notes."""
    groups = []
    for line in output.splitlines():
        found = DIAGNOSTIC.match(line)
        if found and found.group(4) in ("error", "warning"):
            groups.append([found.group(4), found.group(5), [line]])
        elif groups:
            groups[-1][2].append(line)
    failing = [g for g in groups if g[0] == "error" or not IGNORED_WARNINGS.search(g[1])]
    return "\n".join("\n".join(g[2]) for g in failing), len(failing)


def check_manifest(block, root, index):
    folder = os.path.join(root, WORK, f"manifest-{index}")
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as f:
        f.write("\n".join(block.body) + "\n")
    dumped = run(["swift", "package", "dump-package", "--package-path", folder])
    if dumped.returncode == 0:
        return None

    def relocate(match):
        return f"{block.path}:{int(match.group(1)) + block.fence_line}:"

    return re.sub(re.escape(os.path.join(folder, "Package.swift")) + r":(\d+):", relocate, dumped.stdout)


def check_output(chains, events, failures):
    """Compares what each chain printed with what its documentation states; returns the count of lines checked."""
    checked = 0
    by_chain = {}
    for event in events:
        by_chain.setdefault(event.get("chain_index"), []).append(event)
    for chain in chains:
        if not chain.runs:
            continue
        printed = [e for e in by_chain.get(chain.index, []) if e["event"] == "print"]
        threw = [e for e in by_chain.get(chain.index, []) if e["event"] == "threw"]
        for e in threw:
            failures.append(f"{chain.blocks[0].where()}: the block threw: {e['text']}")
        claimed = set()
        for block in chain.blocks:
            inside = [e for e in printed if e["file"] == block.path and block.first_line <= int(e["line"]) <=
                      block.last_line]
            if block.output is not None:
                text = "".join(e["text"] for e in inside)
                lines = text[:-1].split("\n") if text.endswith("\n") else text.split("\n") if text else []
                claimed.update(id(e) for e in inside)
                if len(lines) != len(block.output) or not all(
                        output_matches(w, p) for w, p in zip(block.output, lines)):
                    failures.append(f"{block.path}:{block.output_line}: the block at line {block.fence_line} "
                                    "printed\n" + indent(lines) + "\n  where the documentation says\n" +
                                    indent(block.output))
                else:
                    checked += len(lines)
                continue
            for line, wanted in expected_prints(block).items():
                at_line = [e for e in inside if int(e["line"]) == line]
                claimed.update(id(e) for e in at_line)
                texts = [e["text"][:-1] if e["text"].endswith("\n") else e["text"] for e in at_line]
                if not texts:
                    failures.append(f"{block.path}:{line}: never printed; the documentation says `{wanted}`")
                elif len(texts) > 1:
                    failures.append(f"{block.path}:{line}: printed {len(texts)} times; the documentation states "
                                    "one line")
                elif not output_matches(wanted, texts[0]):
                    failures.append(f"{block.path}:{line}: printed `{texts[0]}`, the documentation says `{wanted}`")
                else:
                    checked += 1
        for e in printed:
            if id(e) not in claimed:
                failures.append(f"{e['file']}:{e['line']}: printed `{e['text'].rstrip(chr(10))}`, which the "
                                "documentation does not state (write it in a trailing comment or a ```text block)")
    return checked


def indent(lines):
    return "\n".join("    " + line for line in lines) if lines else "    (nothing)"


def run_program(binary, chains, root, failures):
    """Runs the compiled blocks; after a crash, runs the chains after the crashed one again."""
    events = []
    crashed = set()
    first = 0
    while first < len(chains):
        try:
            done = subprocess.run([binary, str(first)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root,
                                  timeout=600, env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
            stdout, stderr, status = done.stdout, done.stderr, done.returncode
        except subprocess.TimeoutExpired as timeout:
            stdout, stderr, status = timeout.stdout or b"", timeout.stderr or b"", "timeout"
        current = None
        for raw in stdout.decode("utf-8", "replace").splitlines():
            try:
                event = json.loads(raw)
            except json.JSONDecodeError:
                failures.append(f"check-docs: a line the blocks wrote directly to standard output: {raw}")
                continue
            if event["event"] == "start":
                current = int(event["chain"])
            elif event["event"] == "end":
                current = None
                continue
            event["chain_index"] = current if "chain" not in event else int(event["chain"])
            events.append(event)
        message = stderr.decode("utf-8", "replace").strip().split("Current stack trace:")[0]
        tail = message.strip().splitlines()[-10:]
        if current is None:
            if status != 0:
                failures.append(f"check-docs: the program failed outside the blocks (exit status {status})\n" +
                                indent(tail))
            break
        what = "did not finish in 600 s" if status == "timeout" else f"crashed (exit status {status})"
        failures.append(f"{chains[current].blocks[0].where()}: the block {what}\n" + indent(tail))
        crashed.add(current)
        first = current + 1
    return events, crashed


def main():
    # Every argument goes to `swift build`: pass the options the package was built with (CI's
    # -Xswiftc -warnings-as-errors), or it is built again with other flags.
    build_args = sys.argv[1:]
    if build_args and build_args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    root = os.getcwd()
    start = time.monotonic()
    failures = []

    blocks = []
    for path in documents(root):
        blocks += parse_markdown(path)
    swift_blocks = [b for b in blocks if b.language == "swift"]
    manifests = [b for b in swift_blocks if "manifest" in b.keys]
    skipped = [b for b in swift_blocks if "skip" in b.keys]
    chains = build_chains(blocks, failures)
    out_dir = os.path.join(root, WORK, "Sources")
    files = generate(chains, root, out_dir, failures)

    for index, block in enumerate(manifests):
        problem = check_manifest(block, root, index)
        if problem:
            failures.append(f"{block.where()}: the manifest does not load:\n{problem.rstrip()}")

    options, objects = library_build(root, build_args)
    binary = os.path.join(root, WORK, "docs-check")
    compiled = run(["swiftc", "-swift-version", "6", "-module-name", "DocsCheck", "-Onone",
                    "-diagnostic-style", "llvm", "-no-color-diagnostics", *options,
                    *[os.path.join(out_dir, f) for f in files], *objects, "-o", binary], cwd=root)
    report, count = diagnostics_report(compiled.stdout.replace(root + os.sep, ""))
    if compiled.returncode != 0 or count:
        if not report:
            report = compiled.stdout.strip()
        failures.append(f"the blocks do not compile cleanly ({count} diagnostics; generated sources in "
                        f"{os.path.relpath(out_dir, root)}):\n{report}")
        chains_run = 0
        checked = 0
    else:
        events, crashed = run_program(binary, chains, root, failures)
        checked = check_output([c for c in chains if c.index not in crashed], events, failures)
        chains_run = sum(1 for c in chains if c.runs)

    files_with_blocks = len({b.path for b in swift_blocks})
    summary = (f"{len(swift_blocks)} swift blocks in {files_with_blocks} files: {len(chains)} programs, {chains_run} "
               f"run, {checked} printed lines checked; {len(manifests)} manifests, {len(skipped)} skipped "
               f"({time.monotonic() - start:.0f} s)")
    if failures:
        for failure in failures:
            print(failure, file=sys.stderr)
        print(f"check-docs: FAILED ({len(failures)} problems). {summary}", file=sys.stderr)
        return 1
    print(f"check-docs: OK. {summary}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as failure:
        print(f"check-docs: {failure}", file=sys.stderr)
        sys.exit(1)
