package io.plate.mcmc.impl;

import io.plate.api.data.ImportException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CSV of run directories ({@code trace.csv} and the sampler's tables), written and read by the same
 * rules: cells separated by commas, a cell that holds a comma, quote or line break quoted, with its quotes
 * doubled. Reading gives each record with the line it starts on, for messages that name file and line.
 */
final class RunCsv {
    private RunCsv() {
    }

    /** {@code cells} as one CSV line, ending in a line break. */
    static String row(List<String> cells) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(cell(cells.get(i)));
        }
        return b.append('\n').toString();
    }

    /** {@code cell} as written: as it is, or quoted when it holds a comma, quote or line break. */
    static String cell(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }

    /** One record read: its cells and the 1-based line it starts on. */
    record Record(List<String> cells, long line) {
    }

    /** Reads the records of a run directory's CSV file one at a time. */
    static final class Reader implements AutoCloseable {
        private final Path file;
        private final BufferedReader in;
        private long line;

        Reader(Path file) throws IOException {
            this.file = file;
            this.in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        }

        /** The next record, or null at the end of the file; an empty line is a record of one empty cell. */
        Record next() throws IOException {
            String text = in.readLine();
            if (text == null) {
                return null;
            }
            long start = ++line;
            List<String> cells = new ArrayList<>();
            StringBuilder cell = new StringBuilder();
            boolean quoted = false;
            int i = 0;
            while (true) {
                if (i == text.length()) {
                    if (!quoted) {
                        break;
                    }
                    // a quoted cell goes on past the line break, which it holds
                    text = in.readLine();
                    if (text == null) {
                        throw new ImportException(file, start, null, "a quoted cell is not closed by the end of the file");
                    }
                    line++;
                    cell.append('\n');
                    i = 0;
                    continue;
                }
                char c = text.charAt(i++);
                if (quoted) {
                    if (c != '"') {
                        cell.append(c);
                    } else if (i < text.length() && text.charAt(i) == '"') {
                        cell.append('"');
                        i++;
                    } else {
                        quoted = false;
                        if (i < text.length() && text.charAt(i) != ',') {
                            throw new ImportException(file, line, "field " + (cells.size() + 1),
                                    "text after a closing quote (a quote inside a cell is written \"\")");
                        }
                    }
                } else if (c == ',') {
                    cells.add(cell.toString());
                    cell.setLength(0);
                } else if (c == '"' && cell.length() == 0) {
                    quoted = true;
                } else {
                    cell.append(c);
                }
            }
            cells.add(cell.toString());
            return new Record(cells, start);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
