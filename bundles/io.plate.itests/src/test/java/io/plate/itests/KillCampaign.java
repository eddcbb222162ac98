package io.plate.itests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Kills child JVMs running plate.jar with {@code kill -9} at random (seeded) moments while they save a
 * model, write predictions and write run directories in a loop, over the same targets; after each kill
 * every file must be whole or absent and no run directory mixed, and a last, unkilled child must sweep
 * the temporaries the killed ones left. {@link KillIT} runs a few kills in the suite; {@link #main} runs
 * the long campaign (see docs/mcmc.md).
 */
final class KillCampaign {
    /** Loop bodies in a child's script: far more than a child gets through before its kill. */
    private static final int ROUNDS = 400;
    private static final Pattern ITERATIONS = Pattern.compile("\"iterations\" : (\\d+)");
    private static final Pattern BURN_IN = Pattern.compile("\"burnIn\" : (\\d+)");
    private static final Pattern CREATED = Pattern.compile("\"created\" : \"[^\"]*\"");
    private static final Pattern CHAINS = Pattern.compile("\"chains\" : (\\d+)");

    /** What a campaign found. */
    record Findings(int kills, int killsAfterAWrite, int temporariesSeen, List<String> damaged, int leftAfterSweep,
            double seconds) {
        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "%d kills (%d after a first write) in %.0f s: %d damaged or"
                    + " mixed outputs%s; %d temporaries left by killed writers, %d left after the next write",
                    kills, killsAfterAWrite, seconds, damaged.size(), damaged.isEmpty() ? "" : " " + damaged,
                    temporariesSeen, leftAfterSweep);
        }
    }

    private final Path plateJar;
    private final Path work;
    private final String mushroom;
    private final String faithful;

    KillCampaign(Path plateJar, Path dataRoot, Path work) {
        this.plateJar = plateJar;
        this.work = work;
        this.mushroom = dataRoot.resolve("mushroom/mushroom.csv").toString();
        this.faithful = dataRoot.resolve("old-faithful/faithful.csv").toString();
    }

    Findings run(int kills, long seed, long maxDelayMillis) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Path out = Files.createDirectories(work.resolve("out"));
        Path script = work.resolve("writes.gosh");
        StringBuilder s = new StringBuilder();
        s.append("plate:import ").append(mushroom).append(" --name mush\n");
        s.append("plate:train nb.categorical mush --name m\n");
        s.append("plate:import ").append(faithful).append(" --name f\n");
        for (int i = 0; i < ROUNDS; i++) {
            s.append("plate:save m ").append(out.resolve("model.json")).append('\n');
            s.append("plate:predict m mush --out ").append(out.resolve("pred.csv")).append('\n');
            // iterations vary by round, so a trace of one round beside the summary of another shows
            s.append("plate:cluster mixture.gaussian f k=2 --iterations ").append(150 + i)
                    .append(" --burn-in 50 --chains 2 --seed ").append(i).append(" --name r --out ")
                    .append(out.resolve("run")).append('\n');
        }
        Files.writeString(script, s);
        Random random = new Random(seed);
        List<String> damaged = new ArrayList<>();
        List<byte[]> models = new ArrayList<>();
        List<byte[]> predictions = new ArrayList<>();
        int afterWrite = 0;
        int temporaries = 0;
        for (int k = 0; k < kills; k++) {
            Path log = work.resolve("child.log");
            Process p = new ProcessBuilder(java(), "-jar", plateJar.toString(), script.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            boolean wrote = false;
            while (p.isAlive() && System.nanoTime() < deadline) { // the first save of this child
                if (Files.exists(log) && Files.readString(log, StandardCharsets.UTF_8).contains("saved model")) {
                    wrote = true;
                    break;
                }
                Thread.sleep(20);
            }
            Thread.sleep((long) (random.nextDouble() * maxDelayMillis));
            p.destroyForcibly(); // SIGKILL
            p.waitFor();
            afterWrite += wrote ? 1 : 0;
            temporaries += temporaries(out);
            check(out, k, damaged, models, predictions);
        }
        // a last child, not killed, writes once into the same folder: it must sweep every stale temporary
        Path last = work.resolve("last.gosh");
        Files.writeString(last, String.join("\n", "plate:import " + mushroom + " --name mush",
                "plate:train nb.categorical mush --name m", "plate:save m " + out.resolve("model.json"),
                "plate:predict m mush --out " + out.resolve("pred.csv"), "plate:import " + faithful + " --name f",
                "plate:cluster mixture.gaussian f k=2 --iterations 150 --burn-in 50 --chains 2 --name r --out "
                        + out.resolve("run")) + "\n");
        Process p = new ProcessBuilder(java(), "-jar", plateJar.toString(), last.toString()).redirectErrorStream(true)
                .redirectOutput(work.resolve("last.log").toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            damaged.add("the last child failed: " + Files.readString(work.resolve("last.log")));
        }
        byte[] model = withoutCreated(Files.readAllBytes(out.resolve("model.json")));
        byte[] pred = Files.readAllBytes(out.resolve("pred.csv"));
        for (int k = 0; k < models.size(); k++) {
            if (models.get(k) != null && !Arrays.equals(models.get(k), model)) {
                damaged.add("model.json after kill " + k + " differs from a whole save");
            }
            if (predictions.get(k) != null && !Arrays.equals(predictions.get(k), pred)) {
                damaged.add("pred.csv after kill " + k + " differs from a whole write");
            }
        }
        check(out, kills, damaged, new ArrayList<>(), new ArrayList<>());
        return new Findings(kills, afterWrite, temporaries, damaged, temporaries(out), (System.nanoTime() - start) / 1e9);
    }

    /** Records the model and predictions as they are, and checks the run directory is whole and of one run. */
    private static void check(Path out, int k, List<String> damaged, List<byte[]> models, List<byte[]> predictions)
            throws IOException {
        Path model = out.resolve("model.json");
        models.add(Files.exists(model) ? withoutCreated(Files.readAllBytes(model)) : null);
        Path pred = out.resolve("pred.csv");
        predictions.add(Files.exists(pred) ? Files.readAllBytes(pred) : null);
        Path run = out.resolve("run");
        if (!Files.exists(run)) {
            return; // absent is allowed
        }
        Path summary = run.resolve("summary.json");
        Path trace = run.resolve("trace.csv");
        if (!Files.exists(summary) || !Files.exists(trace) || !Files.exists(run.resolve("clusters.csv"))) {
            damaged.add("run directory after kill " + k + " lacks files: " + list(run));
            return;
        }
        String json = Files.readString(summary);
        long lines;
        try (Stream<String> l = Files.lines(trace)) {
            lines = l.count();
        }
        int iterations = number(ITERATIONS, json);
        int burnIn = number(BURN_IN, json);
        int chains = number(CHAINS, json);
        if (!json.strip().endsWith("}") || lines - 1 != (long) chains * (iterations - burnIn)) {
            damaged.add("run directory after kill " + k + ": trace.csv has " + (lines - 1) + " draws, summary.json says "
                    + chains + " × (" + iterations + " − " + burnIn + ")");
        }
    }

    /** A model file without its creation time, the one part that differs between whole saves. */
    private static byte[] withoutCreated(byte[] model) {
        return CREATED.matcher(new String(model, StandardCharsets.UTF_8)).replaceAll("\"created\" : \"\"")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static int number(Pattern p, String json) {
        Matcher m = p.matcher(json);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    private static int temporaries(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out)) {
            return (int) s.filter(f -> f.getFileName().toString().endsWith(".plate-tmp")).count();
        }
    }

    private static List<String> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** {@code java -cp … io.plate.itests.KillCampaign PLATE_JAR DATA_ROOT KILLS [SEED [MAX_DELAY_MS]]}. */
    public static void main(String[] args) throws Exception {
        Path work = Files.createTempDirectory("plate-kills");
        KillCampaign c = new KillCampaign(Path.of(args[0]), Path.of(args[1]), work);
        Findings f = c.run(Integer.parseInt(args[2]), args.length > 3 ? Long.parseLong(args[3]) : 1,
                args.length > 4 ? Long.parseLong(args[4]) : 3000);
        System.out.println(f);
        System.out.println("work folder: " + work);
        if (!f.damaged().isEmpty() || f.leftAfterSweep() > 0) {
            throw new AssertionError(f.toString());
        }
    }
}
