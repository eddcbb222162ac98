package io.plate.importers.bench;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.importers.impl.ArffImporter;
import io.plate.importers.impl.CsvImporter;
import io.plate.importers.impl.LibSvmImporter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

/**
 * The size cases of issue 18 at full size, each imported in this JVM (run it with the default heap): the
 * time until each one is imported or refused (wall, and the process's CPU time, garbage collection
 * included), and what happened. The inputs (two of them 2 GB) are written
 * into the folder given, once, and kept for the next run.
 *
 * <pre>
 * CP=$(bash bench/classpath.sh bundles/io.plate.importers)
 * java -cp "$CP" io.plate.importers.bench.SizeCaseBench /tmp/plate-size-cases
 * </pre>
 */
public final class SizeCaseBench {
    private SizeCaseBench() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Paths.get(args.length > 0 ? args[0] : "/tmp/plate-size-cases");
        Files.createDirectories(dir);
        System.out.printf(Locale.ROOT, "max heap %.1f GB%n", Runtime.getRuntime().maxMemory() / (double) (1L << 30));
        Path b = write(dir.resolve("b.libsvm"), out -> out.write("1 999999999:1\n".getBytes(StandardCharsets.US_ASCII)));
        run("libsvm 1 999999999:1", new LibSvmImporter(), b, ImportOptions.defaults());
        Path c = write(dir.resolve("c.libsvm"), out -> out.write("1 99999999:1\n".getBytes(StandardCharsets.US_ASCII)));
        run("libsvm 1 99999999:1", new LibSvmImporter(), c, ImportOptions.defaults());
        run("libsvm --n-features 2147483647", new LibSvmImporter(), c,
                ImportOptions.builder().extra("n_features", "2147483647").build());
        Path levels = write(dir.resolve("levels.arff"), out -> {
            out.write("@relation r\n@attribute a {".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 1_000_000; i++) {
                out.write(((i > 0 ? "," : "") + "v" + i).getBytes(StandardCharsets.US_ASCII));
            }
            out.write("}\n@attribute class {p,q}\n@data\nv7,p\n".getBytes(StandardCharsets.US_ASCII));
        });
        run("arff 10^6 nominal levels", new ArffImporter(), levels, ImportOptions.defaults());
        Path wide = write(dir.resolve("wide.csv"), out -> {
            for (int row = 0; row < 2; row++) {
                StringBuilder s = new StringBuilder();
                for (int i = 0; i < 1_000_000; i++) {
                    s.append(i > 0 ? "," : "").append(row == 0 ? "c" + i : Integer.toString(i % 10));
                }
                out.write((s + "\n").getBytes(StandardCharsets.US_ASCII));
            }
        });
        run("csv 10^6 columns, one row", new CsvImporter(), wide, ImportOptions.builder().noLabel(true).build());
        Path big = write(dir.resolve("big.csv"), out -> {
            out.write("a,b,c,d,y\n".getBytes(StandardCharsets.US_ASCII));
            StringBuilder s = new StringBuilder();
            long written = 0;
            for (long r = 0; written < (2L << 30); r++) {
                s.setLength(0);
                s.append(r).append(',').append((r * 7 % 1000) / 10.0).append(',').append(r % 3).append(',')
                        .append(r * 31).append(',').append(r % 2).append('\n');
                byte[] line = s.toString().getBytes(StandardCharsets.US_ASCII);
                out.write(line);
                written += line.length;
            }
        });
        run("csv 2 GB", new CsvImporter(), big, ImportOptions.defaults());
        Path line = write(dir.resolve("line.csv"), out -> {
            out.write("a,b\n".getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = "x".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 2048; i++) {
                out.write(chunk);
            }
            out.write(",1\n".getBytes(StandardCharsets.US_ASCII));
        });
        run("csv one 2 GB line", new CsvImporter(), line, ImportOptions.defaults());
    }

    private interface Body {
        void write(OutputStream out) throws IOException;
    }

    private static Path write(Path f, Body body) throws IOException {
        if (!Files.exists(f)) {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(f), 1 << 20)) {
                body.write(out);
            }
        }
        return f;
    }

    private static long cpu() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean
                ? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() : -1;
    }

    private static void run(String name, Importer importer, Path f, ImportOptions o) throws IOException {
        System.gc(); // the garbage of the case before is not this one's
        long c = cpu();
        long t = System.nanoTime();
        String outcome;
        try {
            Dataset d = importer.read(f, o);
            outcome = "imported: " + d.summary();
        } catch (ImportException e) {
            outcome = "refused: " + e.getMessage();
        }
        System.out.printf(Locale.ROOT, "%-32s %10d B %7.2f s wall %6.2f s CPU  %s%n", name, Files.size(f),
                (System.nanoTime() - t) / 1e9, (cpu() - c) / 1e9, outcome.length() > 400 ? outcome.substring(0, 400) + "…" : outcome);
    }
}
