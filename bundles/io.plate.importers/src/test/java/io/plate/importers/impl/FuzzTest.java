package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

/**
 * A seeded mutation fuzzer: 25,000 inputs per importer (100,000 in all), each a valid seed document
 * mutated by one or two random edits (a quarter of them by up to eight) (byte flips, insertions of random or format-significant bytes,
 * deletions, duplicated and swapped chunks, truncation) or generated from scratch, read with randomly
 * chosen options. The contract under test: {@code read} returns a dataset whose blocks agree on the row
 * count, or throws {@link ImportException} with a message; nothing else escapes. Deterministic (fixed seed).
 */
class FuzzTest {
    private static final int PER_IMPORTER = 25_000;

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
    };
    private static final String[] TEXT_SEEDS = {
        "label\ttext\nham\tHello world\\nthe café\nspam\tWIN 1000 prizes\\t now\\\\!\n",
        "label\tdoc_id\ttext\na\t1\tÅngström ²nd naïve x\nb\t2\tfoo_bar bar foo\n",
    };
    private static final String ALPHABET = " ,;\t\n\"'{}:?%#@\\abc019xyz.-+e";
    private static final String[] SPECIAL = {",", ";", "\t", "\n", "\r", "\r\n", "\"", "'", "{", "}", ":", "?", "%",
        "#", "\\", " ", "@data\n", "@attribute q {a}\n", "qid:", "0:", "-1", "1e309", "NaN", "\uFEFF", "é", "\u0000",
        "𝔘", "label\ttext\n", "ab ", "999999999999:1"};

    @Test
    void onlyImportExceptionEscapes() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(20261122L);
        int[] outcomes = new int[2]; // datasets, import exceptions
        run(rng, CSV_SEEDS, "csv", outcomes);
        run(rng, ARFF_SEEDS, "arff", outcomes);
        run(rng, LIBSVM_SEEDS, "libsvm", outcomes);
        run(rng, TEXT_SEEDS, "text", outcomes);
        assertEquals(4 * PER_IMPORTER, outcomes[0] + outcomes[1]);
        // the fuzzer must exercise both paths substantially, or it tests little
        assertTrue(outcomes[0] > 10_000 && outcomes[1] > 10_000, Arrays.toString(outcomes));
        System.out.println("fuzz outcomes [datasets, import exceptions]: " + Arrays.toString(outcomes));
    }

    private static void run(UniformRandomProvider rng, String[] seeds, String format, int[] outcomes) {
        for (int i = 0; i < PER_IMPORTER; i++) {
            byte[] input = rng.nextInt(20) == 0 ? random(rng) : mutate(rng,
                    seeds[rng.nextInt(seeds.length)].getBytes(StandardCharsets.UTF_8));
            ImportOptions options = options(rng);
            try {
                Dataset d = read(format, input, options);
                outcomes[0]++;
                check(d);
            } catch (ImportException e) {
                outcomes[1]++;
                assertTrue(e.getMessage() != null && e.getMessage().startsWith(Inputs.FILE.toString()), e.getMessage());
            } catch (RuntimeException | Error e) {
                fail(format + " importer threw " + e + " for input " + show(input) + " with options " + describe(options), e);
            }
        }
    }

    private static Dataset read(String format, byte[] input, ImportOptions o) {
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

    private static void check(Dataset d) {
        assertTrue(d.rows() > 0);
        d.summary();
        d.sparse().ifPresent(m -> assertEquals(d.rows(), m.rows()));
        d.labels().ifPresent(l -> assertEquals(d.rows(), l.size()));
    }

    private static ImportOptions options(UniformRandomProvider rng) {
        ImportOptions.Builder b = ImportOptions.builder();
        String[] names = {"a", "b", "class", "label", "x", "value", "q", "k"};
        switch (rng.nextInt(8)) {
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
            default:
                break;
        }
        if (rng.nextInt(10) == 0) {
            b.delimiter(new char[] {',', ';', '\t', '|'}[rng.nextInt(4)]);
        }
        return b.build();
    }

    private static byte[] random(UniformRandomProvider rng) {
        byte[] b = new byte[rng.nextInt(40)];
        for (int i = 0; i < b.length; i++) {
            b[i] = rng.nextInt(3) == 0 ? (byte) rng.nextInt(256) : (byte) ALPHABET.charAt(rng.nextInt(ALPHABET.length()));
        }
        return b;
    }

    private static byte[] mutate(UniformRandomProvider rng, byte[] seed) {
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

    private static String show(byte[] b) {
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        for (byte x : b) {
            if (x >= 32 && x < 127 && x != '\\') {
                s.write(x);
            } else {
                s.writeBytes(String.format("\\x%02x", x & 0xff).getBytes(StandardCharsets.US_ASCII));
            }
        }
        return "\"" + s.toString(StandardCharsets.US_ASCII) + "\"";
    }

    private static String describe(ImportOptions o) {
        return "label=" + o.label() + " noLabel=" + o.noLabel() + " categorical=" + o.categorical() + " numeric="
                + o.numeric() + " ngram=" + o.ngramMax() + " minDf=" + o.minDf() + " maxDf=" + o.maxDf()
                + " maxFeatures=" + o.maxFeatures() + " extra=" + o.extra() + " delimiter=" + o.delimiter();
    }
}
