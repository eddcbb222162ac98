package io.plate.importers.bench;

import io.plate.api.data.ImportOptions;
import io.plate.importers.impl.ImportFuzzer;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * The long fuzzing campaign of the importers (issue 18): {@code PER_IMPORTER} inputs for each of the four
 * importers from {@link ImportFuzzer} (seeded), each run on a worker thread with a time limit; an input that
 * has not ended within it counts as a hang (its thread is interrupted and replaced). Prints the outcome
 * counts and the first violations. Run with the default heap:
 *
 * <pre>
 * CP=$(bash bench/classpath.sh bundles/io.plate.importers)
 * java -cp "$CP" io.plate.importers.bench.FuzzCampaign 30000 20261124
 * </pre>
 */
public final class FuzzCampaign {
    private static final long LIMIT_SECONDS = 10;

    private FuzzCampaign() {
    }

    public static void main(String[] args) throws Exception {
        int perImporter = args.length > 0 ? Integer.parseInt(args[0]) : 30_000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 20261124L;
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        ImportFuzzer.Outcomes out = new ImportFuzzer.Outcomes();
        ExecutorService worker = Executors.newSingleThreadExecutor();
        long start = System.nanoTime();
        for (String format : ImportFuzzer.FORMATS) {
            for (int i = 0; i < perImporter; i++) {
                byte[] input = ImportFuzzer.input(rng, format);
                ImportOptions options = ImportFuzzer.options(rng);
                Future<?> f = worker.submit(() -> ImportFuzzer.once(format, input, options, out));
                try {
                    f.get(LIMIT_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    out.hangs++;
                    out.examples.add(format + ": no end within " + LIMIT_SECONDS + " s for " + ImportFuzzer.show(input)
                            + " with " + ImportFuzzer.describe(options));
                    f.cancel(true);
                    worker.shutdownNow();
                    worker = Executors.newSingleThreadExecutor();
                }
            }
        }
        worker.shutdown();
        System.out.printf(Locale.ROOT, "seed %d, %d per importer, %.1f s, max heap %.1f GB%n", seed, perImporter,
                (System.nanoTime() - start) / 1e9, Runtime.getRuntime().maxMemory() / (double) (1L << 30));
        System.out.println(out);
        out.examples.forEach(System.out::println);
    }
}
