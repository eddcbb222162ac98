package io.plate.importers.impl;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A seeded mutation fuzzer of every importer, shared by {@code FuzzTest} (the unit suite, seconds) and
 * {@code FuzzCampaign} (the long benchmark campaign). An input is a valid seed document mutated by one or
 * two random edits (a quarter of them by up to eight: bit flips, insertions of random or format-significant
 * bytes, deletions, duplicated and swapped chunks, truncation), random bytes, or one of the size cases of
 * issue 18 scaled down (a huge LibSVM index, many nominal levels, a wide header, a long line), read with
 * randomly chosen options (small column, line and memory limits among them). The contract under test: the
 * import returns a dataset whose blocks agree on the row count, or throws {@link ImportException} whose
 * one-line message starts with the file and whose line is within the input; nothing else escapes.
 */
public final class ImportFuzzer {
    /** The formats fuzzed, in order. */
    public static final String[] FORMATS = {"csv", "arff", "libsvm", "text"};

    private static final String[] CSV_SEEDS = {
        "a,b,class\n1,x,p\n2,y,q\n",
        "\uFEFFname;value;class\n\"a;b\";1,5;yes\n\"c\"\"d\";?;no\n",
        "x\ty\tz\n1\t2\t3\n4\t\t6\nNA\t8\t9\n",
        "h1,h2\n\"multi\nline\",2\n\"\",NA\n",
    };
    private static final String[] ARFF_SEEDS = {
        "@relation r\n@attribute a numeric\n@attribute b {x,'y z'}\n@attribute c string\n@attribute class {p,q}\n@data\n"
                + "1,x,'s',p\n?,'y z',\"t\",q\n{0 2, 1 x, 3 q}\n",
        "% c\n@RELATION 'r'\n@ATTRIBUTE d DATE \"yyyy-MM-dd\"\n@attribute k integer\n@data\n2020-01-02,3\n?,4 % c\n",
        "@relation w\n@attribute weight numeric\n@attribute c {a,b}\n@data\n1,a,{2.5}\n2,b\n{1 b}, {0}\n{0 3} {1e-1}\n",
    };
    private static final String[] LIBSVM_SEEDS = {
        "+1 1:0.5 3:1 10:2\n-1 2:1\n# comment\n1 qid:2 1:1 4:1e-3 # tail\n",
        "0 1:1\n1 2:1 3:1\n2\n",
        "1 0:1 5:2\n0 1:3\n",
    };
    private static final String[] TEXT_SEEDS = {
        "label\ttext\nham\tHello world\\nthe café\nspam\tWIN 1000 prizes\\t now\\\\!\n",
        "label\tdoc_id\ttext\na\t1\tÅngström ²nd naïve x\nb\t2\tfoo_bar bar foo\n",
        "text,label\n\"Hello, world\",ham\nwin now,spam\n",
    };
    private static final String ALPHABET = " ,;\t\n\"'{}:?%#@\\abc019xyz.-+e";
    private static final String[] SPECIAL = {",", ";", "\t", "\n", "\r", "\r\n", "\"", "'", "{", "}", ":", "?", "%",
        "#", "\\", " ", "@data\n", "@attribute q {a}\n", "qid:", "0:", "-1", "1e309", "NaN", "\uFEFF", "é", "\u0000",
        "𝔘", "label\ttext\n", "ab ", "999999999999:1", "999999999:1", "2147483648:1"};

    private ImportFuzzer() {
    }

    /** What a run found. */
    public static final class Outcomes {
        public long imported;
        public long refused;
        /** Contract violations: another exception, a bad message or line, an inconsistent dataset. */
        public long unexpected;
        public long hangs;
        public long outOfMemory;
        /** The first few violations, described with their input and options. */
        public final List<String> examples = new ArrayList<>();

        public long total() {
            return imported + refused + unexpected + hangs + outOfMemory;
        }

        void violation(String what) {
            unexpected++;
            if (examples.size() < 10) {
                examples.add(what);
            }
        }

        @Override
        public String toString() {
            return total() + " inputs: " + imported + " imported, " + refused + " refused with an ImportException, "
                    + unexpected + " unexpected, " + hangs + " hangs, " + outOfMemory + " out of memory";
        }
    }

    /** The next input for {@code format}. */
    public static byte[] input(UniformRandomProvider rng, String format) {
        int kind = rng.nextInt(40);
        if (kind == 0) {
            return random(rng);
        }
        if (kind == 1) {
            return sizeCase(rng, format);
        }
        byte[] seed = seeds(format)[rng.nextInt(seeds(format).length)].getBytes(StandardCharsets.UTF_8);
        return mutate(rng, seed);
    }

    private static String[] seeds(String format) {
        switch (format) {
            case "csv":
                return CSV_SEEDS;
            case "arff":
                return ARFF_SEEDS;
            case "libsvm":
                return LIBSVM_SEEDS;
            default:
                return TEXT_SEEDS;
        }
    }

    /** A size case of issue 18, scaled down (at most ~100 KB). */
    static byte[] sizeCase(UniformRandomProvider rng, String format) {
        StringBuilder s = new StringBuilder();
        int n = 1000 + rng.nextInt(9000);
        switch (format) {
            case "libsvm":
                if (rng.nextBoolean()) {
                    s.append("1 ").append(1 + rng.nextLong(1L << 40)).append(":1\n");
                } else {
                    s.append("1");
                    for (int j = 1; j <= n; j++) {
                        s.append(' ').append(j * (1 + rng.nextInt(3))).append(":1");
                    }
                    s.append('\n');
                }
                break;
            case "arff":
                s.append("@relation r\n@attribute a {");
                for (int j = 0; j < n; j++) {
                    s.append(j > 0 ? "," : "").append('v').append(rng.nextInt(n * 2));
                }
                s.append("}\n@attribute class {p,q}\n@data\nv1,p\n");
                break;
            case "csv":
                for (int r = 0; r < 2; r++) {
                    for (int j = 0; j < n; j++) {
                        s.append(j > 0 ? "," : "").append(r == 0 ? "c" + j : Integer.toString(rng.nextInt(10)));
                    }
                    s.append('\n');
                }
                break;
            default:
                s.append("label\ttext\na\t");
                for (int j = 0; j < n; j++) {
                    s.append("w").append(rng.nextInt(n)).append(' ');
                }
                s.append('\n');
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Random options, small limits among them. */
    public static ImportOptions options(UniformRandomProvider rng) {
        ImportOptions.Builder b = ImportOptions.builder();
        String[] names = {"a", "b", "class", "label", "x", "value", "q", "k", "text"};
        switch (rng.nextInt(11)) {
            case 0:
                b.label(names[rng.nextInt(names.length)]);
                break;
            case 1:
                b.noLabel(true);
                break;
            case 2:
                b.categorical(Set.of(rng.nextBoolean() ? "all" : names[rng.nextInt(names.length)]));
                break;
            case 3:
                b.numeric(Set.of(names[rng.nextInt(names.length)]));
                break;
            case 4:
                b.ngramMax(2).stopWords(rng.nextBoolean()).binary(rng.nextBoolean());
                break;
            case 5:
                b.minDf(1 + rng.nextInt(2)).maxDf(0.5 + rng.nextDouble() / 2).maxFeatures(rng.nextInt(4));
                break;
            case 6:
                b.extra("n_features", Integer.toString(rng.nextInt(12) - 1));
                break;
            case 7:
                b.extra("zero_based", new String[] {"auto", "true", "false", "x"}[rng.nextInt(4)]);
                b.extra("values", new String[] {"counts", "numeric"}[rng.nextInt(2)]);
                break;
            case 8:
                b.maxColumns(1 + rng.nextInt(20)).maxLineLength(1 + rng.nextInt(500));
                break;
            case 9:
                b.maxMemory(1 + rng.nextInt(1 << 16));
                break;
            default:
                break;
        }
        if (rng.nextInt(10) == 0) {
            b.delimiter(new char[] {',', ';', '\t', '|'}[rng.nextInt(4)]);
        }
        if (rng.nextInt(20) == 0) {
            b.extra("text_column", names[rng.nextInt(names.length)]);
        }
        return b.build();
    }

    /** Reads {@code input} with the importer of {@code format}. */
    public static Dataset read(String format, byte[] input, ImportOptions o) {
        switch (format) {
            case "csv":
                return new CsvImporter().read(Inputs.stream(input), Inputs.FILE, o);
            case "arff":
                return new ArffImporter().read(Inputs.stream(input), Inputs.FILE, o);
            case "libsvm":
                return new LibSvmImporter().read(Inputs.stream(input), Inputs.FILE, o);
            default:
                return new TextImporter().read(Inputs.stream(input), Inputs.FILE, o);
        }
    }

    /**
     * Imports one input and records the outcome: a consistent dataset, a well-formed {@link ImportException},
     * or a violation (anything else). Out-of-memory errors are counted apart.
     */
    public static void once(String format, byte[] input, ImportOptions o, Outcomes out) {
        try {
            Dataset d = read(format, input, o);
            String bad = check(d);
            if (bad == null) {
                out.imported++;
            } else {
                out.violation(format + ": " + bad + " for " + show(input) + " with " + describe(o));
            }
        } catch (ImportException e) {
            String bad = check(e, input);
            if (bad == null) {
                out.refused++;
            } else {
                out.violation(format + ": " + bad + " for " + show(input) + " with " + describe(o));
            }
        } catch (OutOfMemoryError e) {
            out.outOfMemory++;
            out.examples.add(format + ": out of memory for " + show(input) + " with " + describe(o));
        } catch (RuntimeException | Error e) {
            out.violation(format + ": threw " + e + " for " + show(input) + " with " + describe(o));
        }
    }

    private static String check(Dataset d) {
        if (d.rows() <= 0) {
            return "a dataset without rows";
        }
        d.summary();
        if (d.sparse().isPresent() && d.sparse().get().rows() != d.rows()) {
            return "sparse rows differ";
        }
        if (d.labels().isPresent() && d.labels().get().size() != d.rows()) {
            return "label rows differ";
        }
        return null;
    }

    /** Null when the exception names the file, a line within the input, and is one line. */
    private static String check(ImportException e, byte[] input) {
        String m = e.getMessage();
        if (m == null || !m.startsWith(Inputs.FILE.toString())) {
            return "message does not start with the file: " + m;
        }
        if (m.indexOf('\n') >= 0 || m.indexOf('\r') >= 0) {
            return "message of more than one line: " + m;
        }
        long lines = 1;
        for (byte b : input) {
            if (b == '\n' || b == '\r') {
                lines++;
            }
        }
        if (e.line() < 0 || e.line() > lines + 1) {
            return "line " + e.line() + " outside the input's " + lines + " lines: " + m;
        }
        return null;
    }

    private static byte[] random(UniformRandomProvider rng) {
        byte[] b = new byte[rng.nextInt(40)];
        for (int i = 0; i < b.length; i++) {
            b[i] = rng.nextInt(3) == 0 ? (byte) rng.nextInt(256) : (byte) ALPHABET.charAt(rng.nextInt(ALPHABET.length()));
        }
        return b;
    }

    static byte[] mutate(UniformRandomProvider rng, byte[] seed) {
        List<Byte> b = new ArrayList<>(seed.length + 16);
        for (byte x : seed) {
            b.add(x);
        }
        int edits = 1 + (rng.nextInt(4) == 0 ? rng.nextInt(8) : rng.nextInt(2));
        for (int e = 0; e < edits; e++) {
            int pos = b.isEmpty() ? 0 : rng.nextInt(b.size() + 1);
            switch (rng.nextInt(7)) {
                case 0: // flip one bit
                    if (!b.isEmpty() && pos < b.size()) {
                        b.set(pos, (byte) (b.get(pos) ^ (1 << rng.nextInt(8))));
                    }
                    break;
                case 1: // random byte
                    b.add(pos, (byte) rng.nextInt(256));
                    break;
                case 2: // format-significant text
                    for (byte x : SPECIAL[rng.nextInt(SPECIAL.length)].getBytes(StandardCharsets.UTF_8)) {
                        b.add(pos++, x);
                    }
                    break;
                case 3: // delete a run
                    for (int k = rng.nextInt(6); k > 0 && pos < b.size(); k--) {
                        b.remove(pos);
                    }
                    break;
                case 4: // duplicate a chunk
                    if (!b.isEmpty()) {
                        int from = rng.nextInt(b.size());
                        int to = Math.min(b.size(), from + 1 + rng.nextInt(20));
                        b.addAll(Math.min(pos, b.size()), new ArrayList<>(b.subList(from, to)));
                    }
                    break;
                case 5: // truncate
                    while (b.size() > pos) {
                        b.remove(b.size() - 1);
                    }
                    break;
                default: // swap two bytes
                    if (b.size() > 1) {
                        int i = rng.nextInt(b.size());
                        int j = rng.nextInt(b.size());
                        Byte t = b.get(i);
                        b.set(i, b.get(j));
                        b.set(j, t);
                    }
            }
        }
        byte[] out = new byte[b.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.get(i);
        }
        return out;
    }

    /** The input for a message: printable ASCII as is, other bytes as escapes, cut after 300 characters. */
    public static String show(byte[] b) {
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        for (int i = 0; i < b.length && s.size() < 300; i++) {
            byte x = b[i];
            if (x >= 32 && x < 127 && x != '\\') {
                s.write(x);
            } else {
                s.writeBytes(String.format("\\x%02x", x & 0xff).getBytes(StandardCharsets.US_ASCII));
            }
        }
        return "\"" + s.toString(StandardCharsets.US_ASCII) + (s.size() >= 300 ? "…(" + b.length + " bytes)" : "") + "\"";
    }

    public static String describe(ImportOptions o) {
        return "label=" + o.label() + " noLabel=" + o.noLabel() + " categorical=" + o.categorical() + " numeric="
                + o.numeric() + " ngram=" + o.ngramMax() + " minDf=" + o.minDocumentFrequency() + " maxDf=" + o.maxDocumentFrequency()
                + " maxFeatures=" + o.maxFeatures() + " maxColumns=" + o.maxColumns() + " maxLine=" + o.maxLineLength()
                + " maxMemory=" + o.maxMemory() + " extra=" + o.extra() + " delimiter=" + o.delimiter();
    }
}
