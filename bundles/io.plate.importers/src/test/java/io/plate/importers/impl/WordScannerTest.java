package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The hand-written scanner against regular expressions, on every document of the 20news training subset (after the
 * TSV unescaping and lowercasing the importer applies).
 */
class WordScannerTest {
    /** Python's {@code (?u)\b\w\w+\b}, with Python's {@code \w} = letters, numbers (Nd Nl No) and '_'. */
    private static final Pattern PYTHON = Pattern.compile("(?<![\\p{L}\\p{N}_])[\\p{L}\\p{N}_]{2,}(?![\\p{L}\\p{N}_])");
    /** The same pattern with Java's own Unicode {@code \w}, which is not Python's. */
    private static final Pattern JAVA_UNICODE = Pattern.compile("\\b\\w\\w+\\b", Pattern.UNICODE_CHARACTER_CLASS);

    private static List<String> scanned(String s) {
        List<String> out = new ArrayList<>();
        char[] c = s.toCharArray();
        WordScanner.scan(c, 0, c.length, (t, off, len) -> out.add(new String(t, off, len)));
        return out;
    }

    private static List<String> matched(Pattern p, String s) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(s);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    @Test
    void equalsPythonsPatternOnTheWholeCorpus() throws IOException {
        Path news = Shared.data("20newsgroups-subset/20news-train.tsv");
        int docs = 0;
        long tokens = 0;
        CharBuf text = new CharBuf(256);
        try (var lines = Files.lines(news, StandardCharsets.UTF_8)) {
            for (String line : (Iterable<String>) lines.skip(1)::iterator) {
                int t = line.indexOf('\t', line.indexOf('\t') + 1);
                char[] c = line.toCharArray();
                TextImporter.unescape(c, t + 1, c.length, text);
                String doc = text.toString().toLowerCase(Locale.ROOT);
                List<String> mine = scanned(doc);
                assertEquals(matched(PYTHON, doc), mine, "document " + (docs + 1));
                docs++;
                tokens += mine.size();
            }
        }
        // expected: the subset's document count (its SOURCE.txt) and len(re.findall(r"(?u)\b\w\w+\b", doc.lower()))
        // summed over its documents in Python 3.11
        assertEquals(1415, docs);
        assertEquals(450_646, tokens);
    }

    @Test
    void edgeCases() {
        // expected values: re.findall(r"(?u)\b\w\w+\b", …) and re.match(r"\w", c) in Python 3.11
        assertEquals(List.of("ab", "c_d", "x²", "日本語", "𝔘𝔘"), scanned("a ab c_d x² 日本語 𝔘 𝔘𝔘 é"));
        assertEquals(List.of("naïve"), scanned("naïve"));
        // Java's UNICODE_CHARACTER_CLASS \w misses '²', '³', '¹', '¼', '½' (category No), which the full 20news uses
        assertNotEquals(matched(JAVA_UNICODE, "x² y"), scanned("x² y"));
        assertEquals(List.of(), scanned("a\u0301b"), "a combining mark (Mn) is not a word character in Python");
        assertTrue(WordScanner.isWord('½') && !WordScanner.isWord('-') && !WordScanner.isWord('\u203F'));
    }
}
