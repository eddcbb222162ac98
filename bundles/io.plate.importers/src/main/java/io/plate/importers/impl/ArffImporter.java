package io.plate.importers.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.api.data.NumericColumn;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.osgi.service.component.annotations.Component;

/**
 * Weka's ARFF: {@code @relation}, {@code @attribute NAME TYPE} with types {@code numeric}, {@code real},
 * {@code integer}, {@code string}, {@code date [FORMAT]} and nominal {@code {a, b, …}}, then
 * {@code @data} with dense rows ({@code v1, v2, …}) or sparse rows ({@code {index value, …}}, 0-based,
 * omitted values are 0: the number 0, or the first level of a nominal attribute, as in Weka).
 * Names and values may be quoted; unquoted, spaces separate them as commas do (Weka's tokenizer);
 * {@code %} starts a comment; {@code ?} is missing.
 *
 * <p>Nominal attributes keep their declared level table in declared order, including levels that never
 * occur; a value outside it fails the import. String attributes become categorical columns (levels
 * sorted), dates numeric columns (milliseconds since 1970-01-01T00:00Z). The class is the last
 * attribute unless {@code --label} names another; a numeric class becomes a regression target.
 * {@code --categorical} (a name or {@code all}) turns numeric attributes into categorical ones.
 * {@code --ignore} leaves attributes out, as for CSV; a string or nominal feature whose values are nearly one
 * per row gets the CSV importer's warning ({@link Labels#onePerRowWarning}).
 *
 * <p>Instance weights ({@code {w}} after a row, see {@link InstanceWeights}) become a numeric column named
 * {@code weight} (or {@code weight_2}, … when an attribute has that name), for the learners'
 * {@code weight=COLUMN} parameter; rows without one weigh 1. Without any weight there is no such column.
 */
@Component(service = Importer.class, property = {
        Importer.FORMAT + "=arff",
        Importer.EXTENSIONS + "=arff" })
public final class ArffImporter implements Importer {
    /** The file extensions this importer claims (lower case); a dataset's default name cuts them. */
    static final List<String> EXTENSIONS = List.of("arff");

    private static final String DEFAULT_DATE = "yyyy-MM-dd'T'HH:mm:ss";

    /** Today's date, from which a two-digit year's century is found (fixed in tests). */
    private final Clock clock;

    public ArffImporter() {
        this(Clock.systemUTC());
    }

    ArffImporter(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String format() {
        return "arff";
    }

    @Override
    public List<String> extensions() {
        return EXTENSIONS;
    }

    @Override
    public String description() {
        return "Weka ARFF (nominal, numeric, string and date attributes; dense and sparse rows)";
    }

    @Override
    public Dataset read(Path file, ImportOptions options) throws ImportException {
        return read(Sources.open(file), file, options);
    }

    /** What one attribute declares and the values read for it so far. */
    private static final class Attribute {
        final String name;
        final String kind; // nominal, numeric, string, date
        final List<String> levels;
        final TermTable levelIndex;
        final IntList codes = new IntList(8);
        final CellColumn cells;
        final DoubleList dates;
        final DateTimeFormatter dateFormat;
        final String datePattern;
        /** With {@code --values counts}: the sparse matrix a numeric attribute's values go to, and its column. */
        LibSvmRows matrix;
        int column = -1;
        /** Named by {@code --ignore}: read (and checked) but left out of the dataset. */
        boolean ignored;

        Attribute(String name, String kind, List<String> levels, TermTable levelIndex, String datePattern,
                DateTimeFormatter dateFormat) {
            this.name = name;
            this.kind = kind;
            this.levels = levels;
            this.levelIndex = levelIndex;
            this.cells = kind.equals("numeric") || kind.equals("string") ? new CellColumn(name, 8) : null;
            this.dates = kind.equals("date") ? new DoubleList(8) : null;
            this.datePattern = datePattern;
            this.dateFormat = dateFormat;
        }

        /** Bytes held while reading: codes, cells or dates, and ~100 bytes per declared level. */
        long bytes() {
            return 64 + codes.bytes() + (cells == null ? 0 : cells.bytes()) + (dates == null ? 0 : dates.bytes())
                    + (levels == null ? 0 : 100L * levels.size());
        }
    }

    private static long bytes(List<Attribute> attrs) {
        long b = 0;
        for (Attribute a : attrs) {
            b += a.bytes();
        }
        return b;
    }

    Dataset read(InputStream stream, Path file, ImportOptions options) {
        ImportWatch watch = ImportWatch.of(file, stream, options);
        try (TextInput in = new TextInput(watch.wrap(stream), file, Sources.charset(file, options)).hintEncoding()
                .limitLines(LineLimit.of(options))) {
            FormatOptions.check(file, options, FormatOptions.ARFF);
            LocalDate centuryStart = LocalDate.now(clock).minusYears(80);
            CharBuf buf = new CharBuf(1024);
            ArffLine line = new ArffLine(file);
            List<Attribute> attrs = new ArrayList<>();
            LibSvmRows[] counts = {null};
            watch.held(() -> buf.bytes() + bytes(attrs) + (counts[0] == null ? 0 : counts[0].bytes()),
                    () -> in.line() + 1);
            Map<String, Integer> byName = new HashMap<>();
            String relation = null;
            boolean data = false;
            boolean any = false;
            while (!data && in.readLine(buf)) {
                any = true;
                line.reset(buf, in.line());
                if (!line.more()) {
                    continue;
                }
                if (!line.word("{")) {
                    continue;
                }
                String kw = line.textString().toLowerCase(Locale.ROOT);
                switch (kw) {
                    case "@relation":
                        if (!line.word("")) {
                            throw new ImportException(file, in.line(), null, "expected a relation name after @relation");
                        }
                        relation = line.textString();
                        break;
                    case "@attribute":
                        Attribute a = attribute(file, line, in.line(), centuryStart);
                        if (byName.putIfAbsent(a.name, attrs.size()) != null) {
                            throw new ImportException(file, in.line(), a.name, "duplicate attribute name");
                        }
                        if (attrs.size() == options.maxColumns()) {
                            throw new ImportException(file, in.line(), a.name, String.format(Locale.ROOT,
                                    "more than %,d attributes, the limit (--max-columns)", options.maxColumns()));
                        }
                        attrs.add(a);
                        break;
                    case "@data":
                        data = true;
                        break;
                    default:
                        throw new ImportException(file, in.line(), null, "expected @relation, @attribute or @data, found "
                                + Sources.quote(line.textString()));
                }
            }
            if (!any) {
                throw new ImportException(file, 0, null, "empty file; expected an ARFF header (@relation, @attribute, @data)");
            }
            if (!data) {
                throw new ImportException(file, in.line(), null, "no @data section");
            }
            if (attrs.isEmpty()) {
                throw new ImportException(file, in.line(), null, "no @attribute declared before @data");
            }
            options = ColumnLists.resolved(options, byName::containsKey); // 'size, cm' whole, or '"size, cm",w'
            ignore(file, options, attrs, byName);
            int classIndex = classIndex(file, options, attrs, byName);
            for (String n : new TreeSet<>(options.categorical())) {
                if (!ImportOptions.ALL.equals(n) && !byName.containsKey(n)) {
                    throw undeclared(file, n, "--categorical", attrs);
                }
            }
            for (String n : new TreeSet<>(options.numeric())) {
                Integer k = byName.get(n);
                if (k == null) {
                    throw undeclared(file, n, "--numeric", attrs);
                }
                String kind = attrs.get(k).kind;
                if (!kind.equals("numeric") && !kind.equals("date")) {
                    throw new ImportException(file, 0, n, "--numeric: the attribute is declared " + kind
                            + "; ARFF types are taken as declared");
                }
            }
            InstanceWeights weights = new InstanceWeights(file, InstanceWeights.columnName(byName.keySet()));
            counts[0] = countsMatrix(file, options, attrs, classIndex);
            watch.baseline();
            int rows = 0;
            long dataLine = in.line();
            while (in.readLine(buf)) {
                line.reset(buf, in.line());
                if (!line.more()) {
                    continue;
                }
                String misplaced = line.declaration();
                if (misplaced != null) { // a header line among the rows: say so, not that the row has too few values
                    throw new ImportException(file, in.line(), null, misplaced + " after @data (line " + dataLine + "):"
                            + (misplaced.equals("@data") ? " a file has one @data line" : " declare every attribute, and the"
                                    + " relation, before @data") + "; the rows follow it");
                }
                if (line.peek() == '{') {
                    if (rows == 0 && counts[0] == null && allNumeric(attrs, classIndex)) {
                        watch.hint("; a sparse ARFF of numbers reads into a sparse matrix, in far less memory,"
                                + " with --values counts");
                    }
                    sparseRow(file, line, attrs);
                } else {
                    denseRow(file, line, attrs);
                }
                weights.read(line);
                if (counts[0] != null) {
                    counts[0].endRow();
                }
                rows++;
            }
            if (rows == 0) {
                throw new ImportException(file, in.line(), null, "no data rows after @data");
            }
            watch.checkInterrupted();
            return build(file, options, relation, attrs, classIndex, weights, counts[0], rows);
        }
    }

    /** Whether every attribute but the class is numeric (what {@code --values counts} can read). */
    private static boolean allNumeric(List<Attribute> attrs, int classIndex) {
        for (int k = 0; k < attrs.size(); k++) {
            if (k != classIndex && !attrs.get(k).kind.equals("numeric")) {
                return false;
            }
        }
        return true;
    }

    /**
     * With {@code --values counts} (as for LibSVM; Weka's {@code StringToWordVector} writes such files): the
     * matrix every attribute but the class goes to, as a column named by the attribute; each must be
     * numeric. Else null: numeric columns, Weka's own reading.
     */
    private static LibSvmRows countsMatrix(Path file, ImportOptions options, List<Attribute> attrs, int classIndex) {
        if (!LibSvmImporter.values(file, options, "numeric").equals("counts")) {
            return null;
        }
        LibSvmRows m = new LibSvmRows(file, attrs.size(), options.maxColumns());
        int column = 0;
        for (int k = 0; k < attrs.size(); k++) {
            Attribute a = attrs.get(k);
            if (k == classIndex || a.ignored) {
                continue;
            }
            if (!a.kind.equals("numeric") || options.categorical().contains(a.name)
                    || options.categorical().contains(ImportOptions.ALL)) {
                throw new ImportException(file, 0, a.name, "--values counts reads every attribute but the class as"
                        + " a column of a sparse count matrix; this one is " + (a.kind.equals("numeric")
                                ? "named by --categorical" : "declared " + a.kind + " (--label " + io.plate.api.text.ShellWord.of(a.name)
                                        + " if it is the class)") + "; or import without --values counts");
            }
            a.matrix = m;
            a.column = column++;
        }
        return m;
    }

    private static Attribute attribute(Path file, ArffLine line, long ln, LocalDate centuryStart) {
        if (!line.word("{")) {
            throw new ImportException(file, ln, null, "expected an attribute name after @attribute");
        }
        String name = line.textString();
        if (!line.more()) {
            throw new ImportException(file, ln, name, "expected a type after the attribute name");
        }
        if (line.peek() == '{') {
            line.skip();
            // a hash over the chars, sized from the line (at most one level more than its commas, and at most 2^20
            // ahead: a line of commas is a duplicate level at its second one): a list scan made 10^5 levels take
            // 18 s, a HashMap a node and an Integer per level
            int bound = Math.min(line.countLeft(',') + 1, 1 << 20);
            List<String> levels = new ArrayList<>(Math.min(bound, 1 << 16));
            TermTable index = new TermTable(bound, line.left());
            while (true) {
                line.value(",}");
                if (!line.more()) {
                    throw new ImportException(file, ln, name, "unterminated nominal level list; expected '}'");
                }
                CharBuf v = line.text();
                if (!(v.length == 0 && !line.wasQuoted() && line.peek() == '}' && levels.isEmpty())) {
                    if (index.intern(v.chars, 0, v.length) != levels.size()) {
                        throw new ImportException(file, ln, name, "duplicate nominal level " + Sources.quote(v.toString()));
                    }
                    levels.add(v.toString());
                }
                char sep = line.peek();
                if (sep == '}') {
                    line.skip();
                    break;
                }
                if (sep == ',') { // else a space separated the level from the next, as in Weka's reader
                    line.skip();
                }
            }
            return new Attribute(name, "nominal", List.copyOf(levels), index, null, null);
        }
        line.word("");
        String type = line.textString().toLowerCase(Locale.ROOT);
        switch (type) {
            case "numeric":
            case "real":
            case "integer":
                return new Attribute(name, "numeric", null, null, null, null);
            case "string":
                return new Attribute(name, "string", null, null, null, null);
            case "date": {
                String pattern = line.word("") ? line.textString() : DEFAULT_DATE;
                try {
                    return new Attribute(name, "date", null, null, pattern, dateFormat(pattern, centuryStart));
                } catch (IllegalArgumentException e) {
                    throw new ImportException(file, ln, name, "invalid date format " + Sources.quote(pattern)
                            + ": " + e.getMessage(), e);
                }
            }
            default:
                throw new ImportException(file, ln, name, "unsupported attribute type " + Sources.quote(type)
                        + "; expected numeric, real, integer, string, date or {nominal levels}");
        }
    }

    /** Marks the attributes {@code --ignore} names, as the CSV importer reads the option. */
    private static void ignore(Path file, ImportOptions options, List<Attribute> attrs, Map<String, Integer> byName) {
        Set<String> ignored = CsvImporter.ignored(file, 0, options, byName::containsKey);
        for (String n : ignored) {
            Integer k = byName.get(n);
            if (k == null) {
                throw undeclared(file, n, "--ignore", attrs);
            }
            attrs.get(k).ignored = true;
        }
        if (ignored.size() == attrs.size()) {
            throw new ImportException(file, 0, null, "--ignore leaves no attribute to import");
        }
    }

    /** The refusal of {@code option} naming {@code n}, which no attribute is: the declared names, in order. */
    private static ImportException undeclared(Path file, String n, String option, List<Attribute> attrs) {
        List<String> names = new ArrayList<>();
        attrs.forEach(a -> names.add(a.name));
        return new ImportException(file, 0, n, option + " names an attribute the file does not declare; it declares "
                + Sources.names(names) + ColumnLists.commaHint(option, names));
    }

    private static int classIndex(Path file, ImportOptions options, List<Attribute> attrs, Map<String, Integer> byName) {
        if (options.noLabel()) {
            return -1;
        }
        if (options.label().isEmpty()) { // the last attribute that --ignore leaves
            int last = attrs.size() - 1;
            while (attrs.get(last).ignored) {
                last--;
            }
            return last;
        }
        Integer i = byName.get(options.label().get());
        if (i == null) {
            List<String> names = new ArrayList<>();
            attrs.forEach(a -> names.add(a.name));
            throw new ImportException(file, 0, options.label().get(), "no attribute of that name to use as the label; declared: " + Sources.names(names));
        }
        return i;
    }

    private static void denseRow(Path file, ArffLine line, List<Attribute> attrs) {
        int width = attrs.size();
        for (int k = 0; k < width; k++) {
            line.value(",");
            boolean more = line.more();
            if (k < width - 1) {
                if (!more) {
                    throw new ImportException(file, line.line(), attrs.get(Math.min(k + 1, width - 1)).name,
                            "row has " + (k + 1) + " values; expected " + width + " (one per attribute)");
                }
                if (line.peek() == ',') { // else a space separated the value from the next, as in Weka's reader
                    line.skip();
                }
            } else if (more && !InstanceWeights.follows(line)) {
                throw new ImportException(file, line.line(), null,
                        "row has more than " + width + " values; expected one per attribute"
                                + " (and optionally an instance weight {w}); spaces separate values as commas do,"
                                + " as in Weka: quote a value that holds a space");
            }
            store(file, line, attrs.get(k), line.text(), line.wasQuoted());
        }
    }

    private static final CharBuf ZERO = zero();

    private static CharBuf zero() {
        CharBuf z = new CharBuf(1);
        z.append('0');
        return z;
    }

    /** A sparse row: entries in increasing attribute order (as Weka writes them), omitted values 0. */
    private static void sparseRow(Path file, ArffLine line, List<Attribute> attrs) {
        line.skip(); // '{'
        int width = attrs.size();
        int previous = -1;
        boolean closed = false;
        while (line.more()) {
            if (line.peek() == '}') {
                line.skip();
                closed = true;
                break;
            }
            if (!line.word(",}")) {
                break;
            }
            String idx = line.textString();
            int index;
            try {
                index = Integer.parseInt(idx);
            } catch (NumberFormatException e) {
                throw new ImportException(file, line.line(), null, "expected an attribute index in a sparse row, found "
                        + Sources.quote(idx), e);
            }
            if (index < 0 || index >= width) {
                throw new ImportException(file, line.line(), null, "sparse index " + index + " outside 0.." + (width - 1));
            }
            if (index <= previous) {
                throw new ImportException(file, line.line(), attrs.get(index).name,
                        "sparse index " + index + " after " + previous + "; indices must increase");
            }
            for (int k = previous + 1; k < index; k++) {
                storeOmitted(file, line, attrs.get(k));
            }
            line.value(",}");
            store(file, line, attrs.get(index), line.text(), line.wasQuoted());
            previous = index;
            if (line.more() && line.peek() == ',') {
                line.skip();
            }
        }
        if (!closed) {
            throw new ImportException(file, line.line(), null, "unterminated sparse row; expected '}'");
        }
        if (line.more() && !InstanceWeights.follows(line)) {
            throw new ImportException(file, line.line(), null,
                    "unexpected text after the sparse row's '}'; expected the end of the line or an instance weight {w}");
        }
        for (int k = previous + 1; k < width; k++) {
            storeOmitted(file, line, attrs.get(k));
        }
    }

    /** A value left out of a sparse row: 0, which for a nominal attribute is its first level. */
    private static void storeOmitted(Path file, ArffLine line, Attribute a) {
        if (a.kind.equals("nominal")) {
            if (a.levels.isEmpty()) {
                throw new ImportException(file, line.line(), a.name,
                        "omitted in a sparse row, which means level 0, but the attribute declares no levels");
            }
            a.codes.add(0);
        } else if (a.kind.equals("string")) {
            a.cells.addMissing();
        } else if (a.kind.equals("date")) {
            a.dates.add(0);
        } else if (a.matrix == null) {
            a.cells.add(ZERO.chars, 0, 1, line.line());
        }
    }

    private static void store(Path file, ArffLine line, Attribute a, CharBuf v, boolean quoted) {
        boolean missing = !quoted && v.length == 1 && v.chars[0] == '?';
        switch (a.kind) {
            case "nominal": {
                if (missing) {
                    a.codes.add(CategoricalColumn.MISSING);
                    return;
                }
                int code = a.levelIndex.find(v.chars, 0, v.length);
                if (code < 0) {
                    throw new ImportException(file, line.line(), a.name, "undeclared nominal level "
                            + Sources.quote(v.toString()) + "; declared levels are " + Sources.names(a.levels));
                }
                a.codes.add(code);
                return;
            }
            case "numeric": {
                if (missing && a.matrix != null) {
                    throw new ImportException(file, line.line(), a.name, "a missing value '?' in a sparse count matrix"
                            + " (--values counts); import without --values counts to keep it missing");
                }
                if (missing) {
                    a.cells.addMissing();
                    return;
                }
                double x = Numbers.parse(v.chars, 0, v.length);
                if (x != x) {
                    throw new ImportException(file, line.line(), a.name, "expected a number (numeric attribute), found "
                            + Sources.quote(v.toString()));
                }
                if (a.matrix == null) {
                    a.cells.add(v.chars, 0, v.length, line.line());
                } else if (x != 0) {
                    a.matrix.add(a.column, x);
                }
                return;
            }
            case "string":
                if (missing) {
                    a.cells.addMissing();
                } else {
                    a.cells.add(v.chars, 0, v.length, line.line());
                }
                return;
            default: // date
                if (missing) {
                    a.dates.add(Double.NaN);
                    return;
                }
                a.dates.add(parseDate(file, line.line(), a, v.toString()));
        }
    }

    /**
     * Milliseconds since 1970-01-01T00:00Z of {@code s}. As Weka's {@code SimpleDateFormat} reads it, a field the
     * pattern leaves out takes its default (year 1970, January, the 1st, midnight: {@code yyyy-MM}, {@code HH:mm}),
     * and an offset or zone the pattern holds ({@code Z}, {@code XXX}, {@code z}) is applied; without one, UTC.
     */
    private static double parseDate(Path file, long ln, Attribute a, String s) {
        try {
            TemporalAccessor t = a.dateFormat.parse(s);
            LocalDate date = t.query(java.time.temporal.TemporalQueries.localDate());
            if (date == null) {
                date = LocalDate.of(field(t, ChronoField.YEAR, 1970), field(t, ChronoField.MONTH_OF_YEAR, 1),
                        field(t, ChronoField.DAY_OF_MONTH, 1));
            }
            java.time.LocalTime time = t.query(java.time.temporal.TemporalQueries.localTime());
            if (time == null) {
                time = java.time.LocalTime.of(field(t, ChronoField.HOUR_OF_DAY, 0), field(t, ChronoField.MINUTE_OF_HOUR, 0),
                        field(t, ChronoField.SECOND_OF_MINUTE, 0));
            }
            java.time.ZoneId zone = t.query(java.time.temporal.TemporalQueries.zone());
            LocalDateTime at = date.atTime(time);
            return (zone == null ? at.toInstant(ZoneOffset.UTC) : at.atZone(zone).toInstant()).toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new ImportException(file, ln, a.name, "expected a date in the format " + Sources.quote(a.datePattern)
                    + ", found " + Sources.quote(s), e);
        } catch (DateTimeException e) {
            throw new ImportException(file, ln, a.name, "invalid date " + Sources.quote(s) + " for the format "
                    + Sources.quote(a.datePattern) + ": " + e.getMessage(), e);
        }
    }

    /**
     * The formatter of a Weka date pattern, read as Weka's {@code SimpleDateFormat} reads it: text ({@code MMM},
     * {@code a}) in any case; {@code yy} as a two-digit year in the 100 years from {@code centuryStart} (80 years
     * before today), or a longer year as written; other {@code y} runs as the year {@code u} (year of era, which
     * strict resolution leaves without an era). Strict, so that {@code 2020-02-30} fails instead of becoming the 29th.
     */
    static DateTimeFormatter dateFormat(String pattern, LocalDate centuryStart) {
        DateTimeFormatterBuilder b = new DateTimeFormatterBuilder().parseCaseInsensitive();
        StringBuilder p = new StringBuilder(pattern.length());
        boolean quoted = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            quoted ^= c == '\'';
            if (c != 'y' || quoted) {
                p.append(c);
                continue;
            }
            int run = 1;
            while (i + run < pattern.length() && pattern.charAt(i + run) == 'y') {
                run++;
            }
            i += run - 1;
            if (run == 2) {
                b.appendPattern(p.toString());
                p.setLength(0);
                b.appendValueReduced(ChronoField.YEAR, 2, 9, centuryStart);
            } else {
                p.append("u".repeat(run));
            }
        }
        return b.appendPattern(p.toString()).toFormatter(Locale.ROOT).withResolverStyle(java.time.format.ResolverStyle.STRICT);
    }

    /** The value of {@code f} in {@code t}, or {@code absent} when the pattern has no such field. */
    private static int field(TemporalAccessor t, ChronoField f, int absent) {
        return t.isSupported(f) ? t.get(f) : absent;
    }

    private static Dataset build(Path file, ImportOptions options, String relation, List<Attribute> attrs, int classIndex,
            InstanceWeights weights, LibSvmRows counts, int rows) {
        Dataset.Builder b = Dataset.builder(Sources.datasetName(file, options)).source(file.toString())
                .metadata("format", "arff");
        if (relation != null) {
            b.metadata("relation", relation);
        }
        boolean allCategorical = options.categorical().contains(ImportOptions.ALL);
        List<String> warnings = new ArrayList<>();
        if (counts != null) {
            List<String> names = new ArrayList<>();
            for (Attribute a : attrs) {
                if (a.matrix != null) {
                    names.add(a.name);
                }
            }
            b.sparse(counts.matrix(names));
        }
        for (int k = 0; k < attrs.size(); k++) {
            Attribute a = attrs.get(k);
            boolean isClass = k == classIndex;
            if (a.matrix != null || a.ignored) {
                continue;
            }
            if (isClass && noValue(a)) {
                warnings.add(Labels.emptyLabel(a.name, rows));
            }
            switch (a.kind) {
                case "nominal": {
                    // declared levels: a fold or split of the rows knows them all, as Weka's folds do
                    CategoricalColumn c = CategoricalColumn.declared(a.name, a.levels, a.codes.toArray());
                    if (isClass) {
                        b.labels(c);
                    } else {
                        b.categorical(onePerRow(c, rows, warnings));
                    }
                    break;
                }
                case "string":
                    if (isClass) {
                        CategoricalColumn classes = a.cells.toCategorical(); // 1 and 1.0 one class
                        Labels.checkClasses(file, a.name, classes.cardinality(), a.cells.rows(), Labels.COLUMN_FIX);
                        b.labels(classes);
                    } else {
                        b.categorical(onePerRow(a.cells.toCategorical(), rows, warnings));
                    }
                    break;
                case "numeric": {
                    if (isClass) { // the rule of every importer: a numeric class is a target unless --categorical names it
                        if (Labels.numericTarget(a.name, true, options)) {
                            b.target(a.cells.toNumeric());
                        } else {
                            b.labels(a.cells.toCategorical());
                        }
                    } else if (allCategorical || options.categorical().contains(a.name)) {
                        b.categorical(a.cells.toCategorical());
                    } else {
                        b.numeric(a.cells.toNumeric());
                    }
                    break;
                }
                default: {
                    NumericColumn c = NumericColumn.of(a.name, a.dates.toArray());
                    if (isClass) {
                        b.target(c);
                    } else {
                        b.numeric(c);
                    }
                }
            }
        }
        weights.addTo(b, warnings);
        if (!warnings.isEmpty()) {
            b.metadata(Importer.WARNINGS, String.join("; ", warnings)); // the CSV importer's separator
        }
        return b.build();
    }

    /** Whether attribute {@code a} has no value in any row (every cell {@code ?}). */
    private static boolean noValue(Attribute a) {
        if (a.cells != null) {
            return a.cells.present() == 0;
        }
        if (a.dates != null) {
            for (int r = 0; r < a.dates.size; r++) {
                if (!Double.isNaN(a.dates.data[r])) {
                    return false;
                }
            }
            return true;
        }
        for (int r = 0; r < a.codes.size; r++) {
            if (a.codes.data[r] != CategoricalColumn.MISSING) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code c}, a string or nominal feature, after adding a warning if the values seen in it are nearly one per
     * row ({@link Labels#onePerRowWarning}): a nominal attribute's declared levels that never occur do not count,
     * as Weka declares every value of a column it converts, an identifier's too. ARFF has no import of a
     * column's words.
     */
    private static CategoricalColumn onePerRow(CategoricalColumn c, int rows, List<String> warnings) {
        boolean[] seen = new boolean[c.cardinality()];
        int levels = 0;
        int withSpace = 0;
        for (int row = 0; row < c.size(); row++) {
            int code = c.code(row);
            if (code >= 0 && !seen[code]) {
                seen[code] = true;
                if (levels++ < CsvImporter.FREE_TEXT_LEVELS && c.levels().get(code).indexOf(' ') >= 0) {
                    withSpace++;
                }
            }
        }
        String warning = Labels.onePerRowWarning(c.name(), levels, rows, withSpace,
                Math.min(levels, CsvImporter.FREE_TEXT_LEVELS), null);
        if (warning != null) {
            warnings.add(warning);
        }
        return c;
    }
}
