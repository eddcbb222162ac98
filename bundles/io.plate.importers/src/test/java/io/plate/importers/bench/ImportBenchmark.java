package io.plate.importers.bench;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.api.data.SparseMatrix;
import io.plate.importers.impl.LibSvmImporter;
import io.plate.importers.impl.TextImporter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;

/**
 * Import speed and memory, to compare with {@code bench/sklearn_import.py} on the same files:
 * <ul>
 * <li>20news train: read the TSV and build the word-count matrix (scikit-learn: read + unescape +
 * {@code CountVectorizer().fit_transform});</li>
 * <li>a9a: read the LibSVM file with 123 declared features ({@code load_svmlight_file(n_features=123)});</li>
 * <li>memory of the 20news count matrix against its CSR size (non-zeros × (4-byte index + 4-byte count)
 * + 4-byte row offsets), plus the vocabulary, both as Plate reports it and as heap retained.</li>
 * </ul>
 * Times are wall-clock: the first (cold) run in a fresh JVM, then the median and best of REPEATS runs.
 *
 * <pre>
 * CP=$(bash bench/classpath.sh bundles/io.plate.importers)
 * java -Xmx2g -cp "$CP" io.plate.importers.bench.ImportBenchmark ROOT 5 [news|a9a|memory]
 * </pre>
 * ROOT is a folder whose {@code data/} holds the datasets; the 20news parts need the full corpus in
 * {@code ROOT/data/20newsgroups-bydate/} (where to get it: data/20newsgroups-subset/SOURCE.txt).
 * (a third argument runs one part only, so that its "cold" time is that of a fresh JVM).
 */
public final class ImportBenchmark {
    private ImportBenchmark() {
    }

    public static void main(String[] args) {
        Path shared = Paths.get(args.length > 0 ? args[0] : ".");
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        String only = args.length > 2 ? args[2] : "all"; // news, news2, a9a or memory: one in a fresh JVM
        if (args.length > 3 && args[3].equals("after-csv")) {
            // the situation of plate:import in a running shell: the JVM has already run other code (here one
            // small CSV import), so "cold" then measures the first import of this format, not JVM start-up
            long t = System.nanoTime();
            new io.plate.importers.impl.CsvImporter().read(shared.resolve("data/iris/iris.csv"), ImportOptions.defaults());
            System.out.printf("(JVM warmed by importing iris.csv: %.3f s)%n", (System.nanoTime() - t) / 1e9);
        }
        System.out.printf("Java %s, %d processors, max heap %d MiB%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        Path news = shared.resolve("data/20newsgroups-bydate/20news-bydate-train.tsv");
        Path a9a = shared.resolve("data/libsvm-a9a/a9a");
        if (only.equals("all") || only.equals("news")) {
            time("20news train import + vectorise", new TextImporter(), news, ImportOptions.defaults(), repeats);
        }
        if (only.equals("news2")) {
            time("20news train import + vectorise, two threads", new TextImporter(), news,
                    ImportOptions.builder().extra(TextImporter.THREADS, "2").build(), repeats);
        }
        if (only.equals("all") || only.equals("a9a")) {
            time("a9a LibSVM import (n_features=123)", new LibSvmImporter(), a9a,
                    ImportOptions.builder().extra(LibSvmImporter.N_FEATURES, "123").build(), repeats);
        }
        if (only.equals("all") || only.equals("memory")) {
            memory(news);
        }
    }

    private static void time(String what, Importer importer, Path file, ImportOptions options, int repeats) {
        long t0 = System.nanoTime();
        Dataset d = importer.read(file, options);
        double cold = (System.nanoTime() - t0) / 1e9;
        double[] t = new double[repeats];
        for (int i = 0; i < repeats; i++) {
            long s = System.nanoTime();
            d = importer.read(file, options);
            t[i] = (System.nanoTime() - s) / 1e9;
        }
        Arrays.sort(t);
        System.out.printf("%s: cold %.3f s, then median %.3f s, best %.3f s over %d runs%n  %s%n", what, cold,
                t[repeats / 2], t[0], repeats, d.summary().replaceAll("\\(alt.*", "…"));
    }

    private static void memory(Path news) {
        long before = usedAfterGc();
        Dataset d = new TextImporter().read(news, ImportOptions.defaults());
        long after = usedAfterGc();
        SparseMatrix m = d.sparse().orElseThrow();
        long nnz = m.nonZeros();
        long csr = nnz * 8 + 4L * (m.rows() + 1);
        long vocabChars = 0;
        for (String w : m.vocabulary()) {
            vocabChars += w.length();
        }
        long reported = d.memoryBytes();
        System.out.printf("20news memory: %d non-zeros, %d rows, %d words (%d chars)%n", nnz, m.rows(), m.columns(),
                vocabChars);
        System.out.printf("  CSR size nnz*8 + offsets = %d B; matrix storage (SparseMatrix.memoryBytes) = %d B = %.3f x%n",
                csr, m.memoryBytes(), m.memoryBytes() / (double) csr);
        System.out.printf("  Dataset.memoryBytes (matrix + vocabulary at 40 + 2/char B per word + labels) = %d B%n", reported);
        System.out.printf("  heap retained by the dataset (used after GC, after - before) = %d B = %.3f x (CSR + Plate's"
                + " vocabulary estimate %d B)%n", after - before, (after - before) / (double) (reported),
                reported - m.memoryBytes());
        if (d.rows() == 0) {
            System.out.println(); // keep d reachable until here
        }
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
