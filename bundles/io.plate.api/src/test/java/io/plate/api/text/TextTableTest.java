package io.plate.api.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {
    private static final String[] DRAWS_HEAD = {"component", "mean", "sd", "min", "5%", "25%", "50%", "75%", "95%", "max"};
    private static final String[][] DRAWS = {
        {"1", "-0.0386399", "1.03088", "-3.21748", "-1.73879", "-0.739913", "-0.0525551", "0.640178", "1.67450", "3.22776"},
        {"2", "1,250.5", "1.5e-09", "NaN", "inf", "-1,250", "12%", "?", "0.5", "3000000"}};
    private static final String[] FOLDS_HEAD = {"fold", "train", "test", "accuracy", "log-loss", "macro-F1", "fit s",
        "predict s"};
    private static final String[][] FOLDS = {
        {"1", "100", "50", "0.9000", "0.2695", "0.8986", "0.0045", "0.0017"},
        {"10", "1000", "500", "0.9800", "0.1161", "0.9798", "0.0003", "0.0001"}};

    private static TextTable table(String[] head, String[][] rows) {
        TextTable t = new TextTable(head);
        for (String[] r : rows) {
            t.row((Object[]) r);
        }
        return t;
    }

    /**
     * Reads a rendered table back: blocks split at blank lines, columns at the rule's dashes; each row
     * joined across blocks, its first column (repeated in every block) once.
     */
    private static List<List<String>> readBack(String text, int rows) {
        List<List<String>> out = new ArrayList<>();
        for (int r = 0; r <= rows; r++) {
            out.add(new ArrayList<>());
        }
        String[] blocks = text.split("\n\n");
        for (int b = 0; b < blocks.length; b++) {
            String[] lines = blocks[b].split("\n");
            assertEquals(rows + 2, lines.length, blocks[b]);
            List<int[]> spans = new ArrayList<>();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("-+").matcher(lines[1]);
            while (m.find()) {
                spans.add(new int[] {m.start(), m.end()});
            }
            for (int r = 0; r <= rows; r++) {
                String l = lines[r == 0 ? 0 : r + 1];
                for (int c = 0; c < spans.size(); c++) {
                    if (b > 0 && c == 0) {
                        assertEquals(out.get(r).get(0), cut(l, spans.get(0)), "each block starts with the row's name");
                        continue;
                    }
                    out.get(r).add(cut(l, spans.get(c)));
                }
            }
        }
        return out;
    }

    private static String cut(String line, int[] span) {
        return line.substring(Math.min(line.length(), span[0]), Math.min(line.length(), span[1])).strip();
    }

    private static void assertWhole(String[] head, String[][] rows, String text) {
        List<List<String>> back = readBack(text, rows.length);
        assertEquals(List.of(head), back.get(0), text);
        for (int r = 0; r < rows.length; r++) {
            assertEquals(List.of(rows[r]), back.get(r + 1), "every figure whole, in its column:\n" + text);
        }
    }

    @Test
    void wideNumericTablesAreStackedInBlocksThatFitAndKeepEveryDigit() {
        for (int columns : new int[] {40, 60, 80}) {
            for (Object[] t : new Object[][] {{DRAWS_HEAD, DRAWS}, {FOLDS_HEAD, FOLDS}}) {
                String[] head = (String[]) t[0];
                String[][] rows = (String[][]) t[1];
                String text = table(head, rows).render(columns);
                for (String l : text.split("\n")) {
                    assertTrue(l.length() < columns, columns + " columns, a line of " + l.length() + ":\n" + text);
                }
                assertWhole(head, rows, text);
            }
        }
        // the fold table (66 characters) stays whole at 80 columns and in a pipe (0), and is stacked at 60
        assertEquals(1, table(FOLDS_HEAD, FOLDS).render(80).split("\n\n").length);
        assertEquals(table(FOLDS_HEAD, FOLDS).render(0), table(FOLDS_HEAD, FOLDS).render(80));
        assertEquals(2, table(FOLDS_HEAD, FOLDS).render(60).split("\n\n").length);
        assertWhole(DRAWS_HEAD, DRAWS, table(DRAWS_HEAD, DRAWS).render(0));
        assertEquals(1, table(DRAWS_HEAD, DRAWS).render(0).split("\n\n").length);
    }

    @Test
    void numbersAreRightAlignedAndTextLeftAligned() {
        String text = table(FOLDS_HEAD, FOLDS).render(0);
        String[] lines = text.split("\n");
        assertEquals("fold  train  test  accuracy  log-loss  macro-F1   fit s  predict s", lines[0]);
        assertEquals("   1    100    50    0.9000    0.2695    0.8986  0.0045     0.0017", lines[2]);
        String named = new TextTable("", "setosa", "virginica").row("setosa", 50, 0).row("virginica", 4, 46).render(0);
        assertEquals("           setosa  virginica\n---------  ------  ---------\nsetosa         50          0\n"
                + "virginica       4         46\n", named);
        // a figure no row could give ('–' in every row: R-hat of one chain) stays in a number's place
        String undefined = new TextTable("summary", "mean", "R-hat").row("logJoint", "-1194", "–").row("k", "3", "–").render(0);
        assertEquals("summary    mean  R-hat\n--------  -----  -----\nlogJoint  -1194      –\nk             3      –\n", undefined);
    }

    private static TextTable learners() {
        return new TextTable("name", "bundle", "version", "description")
                .row("nb.categorical", "io.plate.classifier", "0.1.0",
                        "categorical features, one categorical distribution per class and feature with Lidstone smoothing")
                .row("nb.x", "b", "1", "short");
    }

    @Test
    void aDescriptionIsShortenedFirstThenTheTableIsStacked() {
        String at80 = learners().render(80);
        assertEquals(1, at80.split("\n\n").length, at80);
        assertTrue(at80.contains("categorical features, one categ") && at80.contains("…"), at80);
        assertTrue(learners().render(0).contains("with Lidstone smoothing"));
        for (int columns : new int[] {40, 60}) {
            String text = learners().render(columns);
            for (String l : text.split("\n")) {
                assertTrue(l.length() < columns, columns + ": " + l);
            }
            // the description is shortened, never the other columns, which stay whole
            assertTrue(text.contains("io.plate.classifier") && text.contains("0.1.0") && text.contains("short"), text);
            assertTrue(text.contains("categorical fea") && text.contains("…"), text);
        }
        assertEquals(2, learners().render(60).split("\n\n").length);
        assertEquals(3, learners().render(40).split("\n\n").length);
    }

    @Test
    void toStringFitsTheTerminalSetForTheThread() {
        TextTable.terminalColumns(60);
        try {
            assertEquals(table(FOLDS_HEAD, FOLDS).render(60), table(FOLDS_HEAD, FOLDS).toString());
        } finally {
            TextTable.terminalColumns(0);
        }
        assertEquals(table(FOLDS_HEAD, FOLDS).render(0), table(FOLDS_HEAD, FOLDS).toString());
    }

    @Test
    void longLinesOfTextBreakBetweenWordsAndKeepEveryFigure() {
        String report = "nb.gaussian {fit_prior=true, var_smoothing=1e-9} on iris: 3-fold stratified cross-validation\n"
                + "accuracy 0.9467   log-loss 0.1479   macro-F1 0.9467\nshort line\n";
        String wrapped = TextTable.wrap(report, 50);
        for (String line : wrapped.split("\n")) {
            assertTrue(line.length() <= 49, "'" + line + "' in\n" + wrapped);
        }
        assertEquals(List.of("accuracy 0.9467   log-loss 0.1479   macro-F1", "0.9467", "short line"),
                wrapped.lines().skip(2).toList());
        assertEquals(report.replaceAll("\\s+", " "), wrapped.replaceAll("\\s+", " "), "only spaces change");
        assertEquals(report, TextTable.wrap(report, 0), "not a terminal: as it is");
        assertEquals(report, TextTable.wrap(report, 120), "lines that fit: as they are");
        String word = "x".repeat(70);
        assertEquals(word + "\n" + "a b", TextTable.wrap(word + " a b", 50), "a word wider than the terminal stays whole");
    }

    @Test
    void anIndentedLineKeepsItsIndentationWhenBroken() {
        String help = "options:\n  -i, --iterations ITERATIONS   sweeps per chain, burn-in included (default: plate:config)";
        assertEquals("options:\n  -i, --iterations ITERATIONS   sweeps per\n  chain, burn-in included (default:\n"
                + "  plate:config)", TextTable.wrap(help, 44));
        String word = "y".repeat(50);
        assertEquals("  a\n  " + word + "\n  b c", TextTable.wrap("  a " + word + " b c", 40),
                "a word wider than the terminal after the indentation: a line of its own, the rest still broken");
        String deep = " ".repeat(20) + "a b c d e f g h i j k l m n o p q r s t u v";
        for (String line : TextTable.wrap(deep, 40).split("\n")) {
            assertTrue(line.length() <= 39, "'" + line + "': an indentation past a third of the width is dropped");
        }
    }

    /** A cell holding a line break (a CSV cell may) stays on its row, and wide characters are aligned by their columns. */
    @Test
    void aCellWithALineBreakStaysOnItsRowAndWideCharactersAlign() {
        TextTable t = new TextTable("term", "value").row("b", "line1\nline2").row("c", "x");
        assertEquals("term  value\n----  ------------\nb     line1\\nline2\nc     x\n", t.render(0));
        // 中国 takes 4 columns in a terminal, as 'iris' does
        TextTable names = new TextTable("name", "rows").row("中国", "5574").row("iris", "150");
        assertEquals("name  rows\n----  ----\n中国  5574\niris   150\n", names.render(0));
        // shortened to the terminal by columns too: in 22 columns (lines of 21), the last column gets 21 - 1 - 2 = 18,
        // and a cell of 20 wide characters (40 columns) keeps 8 of them (16 columns) and "…"
        TextTable wide = new TextTable("k", "text").row("a", "日".repeat(20));
        assertEquals("k  text\n-  " + "-".repeat(18) + "\na  " + "日".repeat(8) + "…\n", wide.render(22));
    }

    /**
     * A cell of 10 MB (a class name or level read from a file) is cut after 500 characters with a marker of how many
     * were cut, also where no terminal width shortens the table (-c, a pipe); a cell of 500 is whole.
     */
    @Test
    void aHugeCellIsCutWithAMarkerOfWhatWasCut() {
        String huge = "x".repeat(10_000_000);
        String cut = "x".repeat(500) + "… (9999500 more characters)";
        TextTable t = new TextTable("name", "rows").row(huge, 3).row("x".repeat(500), 4);
        String rule = "-".repeat(cut.length()) + "  ----";
        assertEquals("name" + " ".repeat(cut.length() - 4) + "  rows\n" + rule + "\n" + cut + "     3\n"
                + "x".repeat(500) + " ".repeat(cut.length() - 500) + "     4\n", t.render(0));
        // a header cut alike, and 501 characters: one more character, counted in code points (日 is one)
        TextTable h = new TextTable("日".repeat(501)).row("v");
        assertEquals("日".repeat(500) + "… (1 more character)", h.render(0).lines().findFirst().orElseThrow());
    }
}
