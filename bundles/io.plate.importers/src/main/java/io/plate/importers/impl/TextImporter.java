package io.plate.importers.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.api.data.SparseMatrix;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/**
 * Text corpora into word counts. Two layouts:
 * <ul>
 * <li>a TSV file with a header holding a {@code label} and a {@code text} column (other columns are
 * ignored), one document per line, backslash escapes {@code \n \t \r \\} inside text cells;</li>
 * <li>a folder with one subfolder per class holding one text file per document (the 20 Newsgroups
 * layout, scikit-learn's {@code load_files}); files are read as UTF-8, and a file that is not valid
 * UTF-8 is read as Latin-1 (what scikit-learn's {@code fetch_20newsgroups} uses for these posts).</li>
 * </ul>
 * Tokenisation and options are those of scikit-learn's {@code CountVectorizer} (see
 * {@link CountVectorizer}).
 */
@Component(service = Importer.class, property = {
        Importer.FORMAT + "=text",
        Importer.EXTENSIONS + "=tsv",
        Importer.EXTENSIONS + "=txt" })
public final class TextImporter implements Importer {
    /** Header name of the text column. */
    static final String TEXT = "text";
    /** Header name of the label column (unless {@code --label} names another). */
    static final String LABEL = "label";

    @Override
    public String format() {
        return "text";
    }

    @Override
    public List<String> extensions() {
        return List.of("tsv", "txt");
    }

    @Override
    public String description() {
        return "text corpus (TSV label/text, or a folder per class) as word counts like scikit-learn's CountVectorizer";
    }

    @Override
    public Dataset read(Path file, ImportOptions options) throws ImportException {
        if (Files.isDirectory(file)) {
            return readFolders(file, options);
        }
        return read(Sources.open(file), file, options);
    }

    /** Reads the TSV layout from a stream (closed at the end). */
    Dataset read(InputStream stream, Path file, ImportOptions options) {
        try (TextInput in = new TextInput(stream, file)) {
            CharBuf line = new CharBuf(256);
            if (!in.readLine(line)) {
                throw new ImportException(file, 0, null, "empty file; expected a header with 'label' and 'text' columns");
            }
            String[] header = line.toString().split("\t", -1);
            int textCol = -1;
            int labelCol = -1;
            String labelName = options.label().orElse(LABEL);
            for (int i = 0; i < header.length; i++) {
                String h = header[i].strip();
                if (h.equals(TEXT) && textCol < 0) {
                    textCol = i;
                } else if (h.equals(labelName) && labelCol < 0) {
                    labelCol = i;
                }
            }
            if (textCol < 0) {
                throw new ImportException(file, 1, TEXT, "no 'text' column in the header " + List.of(header));
            }
            if (options.noLabel()) {
                labelCol = -1;
            } else if (labelCol < 0) {
                throw new ImportException(file, 1, labelName, "no label column '" + labelName + "' in the header "
                        + List.of(header) + " (use --no-label for unlabelled text)");
            }
            int width = header.length;
            CountVectorizer vec = new CountVectorizer(options);
            TermTable labels = new TermTable();
            IntList codes = new IntList(64);
            char[][] missing = options.missing().stream().map(String::toCharArray).toArray(char[][]::new);
            CharBuf text = new CharBuf(256);
            int[] starts = new int[width + 1];
            while (in.readLine(line)) {
                if (line.length == 0) {
                    continue;
                }
                char[] c = line.chars;
                int n = line.length;
                int f = 0;
                starts[0] = 0;
                for (int i = 0; i < n; i++) {
                    if (c[i] == '\t') {
                        if (++f >= width) {
                            break;
                        }
                        starts[f] = i + 1;
                    }
                }
                if (f != width - 1) {
                    int found = f >= width ? countTabs(c, n) + 1 : f + 1;
                    throw new ImportException(file, in.line(), "field " + (found < width ? found + 1 : width + 1),
                            "ragged row: expected " + width + " tab-separated fields as in the header, found " + found);
                }
                starts[width] = n + 1;
                unescape(c, starts[textCol], starts[textCol + 1] - 1, text);
                vec.beginDocument();
                vec.addText(text.chars, 0, text.length);
                vec.endDocument();
                if (labelCol >= 0) {
                    int s = starts[labelCol];
                    int e = starts[labelCol + 1] - 1;
                    codes.add(isMissing(c, s, e, missing) ? CategoricalColumn.MISSING : labels.intern(c, s, e - s));
                }
            }
            if (vec.documents() == 0) {
                throw new ImportException(file, in.line() + 1, null, "no documents after the header");
            }
            SparseMatrix m = vec.finish(file);
            Dataset.Builder b = dataset(file, options, m, "tsv");
            if (labelCol >= 0) {
                b.labels(labelColumn(labelName, labels, codes));
            }
            return b.build();
        }
    }

    private static int countTabs(char[] c, int n) {
        int t = 0;
        for (int i = 0; i < n; i++) {
            if (c[i] == '\t') {
                t++;
            }
        }
        return t;
    }

    private static boolean isMissing(char[] c, int s, int e, char[][] missing) {
        for (char[] m : missing) {
            if (m.length == e - s && java.util.Arrays.equals(m, 0, m.length, c, s, e)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Decodes the escapes of the TSV convention, scanning left to right: {@code \n \t \r \\} become
     * their characters, a backslash before any other character is dropped, and a final lone backslash
     * is kept (as the reference reader {@code sklearn_nb.py} does).
     */
    static void unescape(char[] c, int from, int to, CharBuf out) {
        out.clear();
        out.ensure(to - from);
        char[] o = out.chars;
        int w = 0;
        for (int i = from; i < to; i++) {
            char ch = c[i];
            if (ch == '\\' && i + 1 < to) {
                char nx = c[++i];
                o[w++] = nx == 'n' ? '\n' : nx == 't' ? '\t' : nx == 'r' ? '\r' : nx;
            } else {
                o[w++] = ch;
            }
        }
        out.length = w;
    }

    private static CategoricalColumn labelColumn(String name, TermTable labels, IntList codes) {
        List<String> texts = new ArrayList<>(labels.size());
        for (int i = 0; i < labels.size(); i++) {
            texts.add(labels.term(i));
        }
        Integer[] order = CellColumn.sortedLevelOrder(texts);
        int[] remap = new int[texts.size()];
        List<String> sorted = new ArrayList<>(texts.size());
        for (int k = 0; k < order.length; k++) {
            remap[order[k]] = k;
            sorted.add(texts.get(order[k]));
        }
        int[] out = new int[codes.size];
        for (int r = 0; r < out.length; r++) {
            int c = codes.data[r];
            out[r] = c < 0 ? CategoricalColumn.MISSING : remap[c];
        }
        return CategoricalColumn.of(name, sorted, out);
    }

    private static Dataset.Builder dataset(Path file, ImportOptions options, SparseMatrix m, String layout) {
        return Dataset.builder(Sources.datasetName(file, options)).source(file.toString()).sparse(m)
                .metadata("format", "text")
                .metadata("layout", layout)
                .metadata("tokens", "lowercase=" + options.lowercase() + ", pattern (?u)\\b\\w\\w+\\b")
                .metadata("min-df", Integer.toString(options.minDf()))
                .metadata("max-df", Double.toString(options.maxDf()))
                .metadata("max-features", Integer.toString(options.maxFeatures()))
                .metadata("binary", Boolean.toString(options.binary()))
                .metadata("stop-words", options.stopWords() ? "english" : "none")
                .metadata("ngram", "1-" + options.ngramMax());
    }

    /** The folder-per-class layout: each subfolder is a class, each regular file in it a document. */
    Dataset readFolders(Path root, ImportOptions options) {
        List<Path> classes = sortedEntries(root, true);
        if (classes.isEmpty()) {
            throw new ImportException(root, 0, null, "no class folders; expected one subfolder per class");
        }
        CountVectorizer vec = new CountVectorizer(options);
        List<String> levels = new ArrayList<>();
        IntList codes = new IntList(64);
        CharBuf line = new CharBuf(256);
        int latin1 = 0;
        for (Path dir : classes) {
            int code = levels.size();
            levels.add(dir.getFileName().toString());
            for (Path f : sortedEntries(dir, false)) {
                boolean utf8 = isUtf8(f);
                if (!utf8) {
                    latin1++;
                }
                try (TextInput in = new TextInput(Sources.open(f), f, utf8 ? StandardCharsets.UTF_8
                        : StandardCharsets.ISO_8859_1)) {
                    vec.beginDocument();
                    while (in.readLine(line)) {
                        vec.addText(line.chars, 0, line.length);
                    }
                    vec.endDocument();
                }
                codes.add(code);
            }
        }
        if (vec.documents() == 0) {
            throw new ImportException(root, 0, null, "no documents: the class folders hold no files");
        }
        SparseMatrix m = vec.finish(root);
        Dataset.Builder b = dataset(root, options, m, "folders").metadata("latin-1 files", Integer.toString(latin1));
        if (!options.noLabel()) {
            b.labels(CategoricalColumn.of(options.label().orElse(LABEL), levels, codes.toArray()));
        }
        return b.build();
    }

    private static List<Path> sortedEntries(Path dir, boolean directories) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (n.startsWith(".")) {
                    continue;
                }
                if (directories ? Files.isDirectory(p) : Files.isRegularFile(p)) {
                    out.add(p);
                }
            }
        } catch (IOException e) {
            throw new ImportException(dir, 0, null, "cannot list the folder: " + e.getMessage(), e);
        }
        out.sort((a, b) -> CellColumn.compareCodePoints(a.getFileName().toString(), b.getFileName().toString()));
        return out;
    }

    /** True when the file decodes as UTF-8 (streamed in chunks, nothing kept). */
    private static boolean isUtf8(Path f) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        byte[] buf = new byte[1 << 14];
        ByteBuffer bb = ByteBuffer.wrap(buf);
        bb.limit(0);
        CharBuffer cb = CharBuffer.allocate(1 << 14);
        try (InputStream in = Sources.open(f)) {
            boolean eof = false;
            while (true) {
                bb.compact();
                int n = in.read(buf, bb.position(), buf.length - bb.position());
                if (n < 0) {
                    eof = true;
                } else {
                    bb.position(bb.position() + n);
                }
                bb.flip();
                cb.clear();
                CoderResult r = d.decode(bb, cb, eof);
                if (r.isError()) {
                    return false;
                }
                if (eof) {
                    cb.clear();
                    return !d.flush(cb).isError();
                }
            }
        } catch (CharacterCodingException e) {
            return false;
        } catch (IOException e) {
            throw new ImportException(f, 0, null, "cannot read: " + e.getMessage(), e);
        }
    }
}
