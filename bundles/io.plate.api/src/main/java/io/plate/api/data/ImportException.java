package io.plate.api.data;

import io.plate.api.PlateException;
import java.nio.file.Path;

/**
 * An import failed. The message names the file, the line (1-based, 0 when not tied to a line), the
 * column or field where it applies, and what was expected. Nothing was published.
 */
public class ImportException extends PlateException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    /** 1-based line, or 0 when the failure is not tied to a line. */
    private final long line;
    /** Column name or 1-based field number, or {@code null}. */
    private final String column;

    /** A failure in {@code file} at {@code line} (0 for none) and {@code column} (null for none): {@code problem}. */
    public ImportException(Path file, long line, String column, String problem) {
        this(file, line, column, problem, null);
    }

    /** The same, keeping the exception that caused it. */
    public ImportException(Path file, long line, String column, String problem, Throwable cause) {
        super(format(file, line, column, problem), cause);
        this.file = file;
        this.line = line;
        this.column = column;
    }

    private static String format(Path file, long line, String column, String problem) {
        StringBuilder s = new StringBuilder();
        s.append(file);
        if (line > 0) {
            s.append(", line ").append(line);
        }
        if (column != null && !column.isEmpty()) {
            // "field 2" names itself; a header name is shown as Visible makes it (escaped, a long one shortened)
            s.append(column.startsWith("field ") ? ", " : ", column ").append(io.plate.api.text.Visible.name(column));
        }
        s.append(": ").append(problem);
        return s.toString();
    }

    /** The file that failed to import; null after deserialisation, as a {@link Path} is not serialisable. */
    public Path file() {
        return file;
    }

    /** 1-based line, or 0 when the failure is not tied to a line. */
    public long line() {
        return line;
    }

    /** Column name or 1-based field number, or {@code null}. */
    public String column() {
        return column;
    }
}
