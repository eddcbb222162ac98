package io.plate.mcmc.impl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.BundleOrigin;
import io.plate.api.data.ImportException;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.SummaryDiagnostic;
import io.plate.api.sample.Table;
import io.plate.api.sample.Trace;
import io.plate.api.PlateException;
import io.plate.api.io.AtomicFiles;
import io.plate.mcmc.Diagnostics;
import io.plate.mcmc.SamplerPosterior;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The run directory of the command-line contract, for any {@link Posterior}:
 * <ul>
 * <li>{@code trace.csv}: header {@code chain,iteration,<summary names…>}, one row per kept draw, chains in
 * order, numbers printed so they read back to the same double;</li>
 * <li>{@code summary.json}: {@code sampler}, {@code bundle} (the sampler's bundle and version, e.g.
 * {@code "io.plate.sampler.mixture 0.1.1"}; absent in the runs of earlier versions), {@code dataset}, {@code params}, {@code settings},
 * {@code seed}, {@code seconds}, {@code sweepsPerSecond}, {@code cancelled}, {@code summaries} (per
 * summary: {@code mean}, {@code sd}, {@code rhat}, {@code essBulk}, {@code essTail}; undefined figures are
 * {@code null}) and {@code facts};</li>
 * <li>one {@code STEM.csv} per table of the posterior.</li>
 * </ul>
 * The directory is written whole into a temporary sibling and renamed into place, so a reader (or a
 * process killed meanwhile) never sees half a file or files of two runs side by side. {@link #read} reads
 * it back by the same names, for a run of an earlier process.
 */
public final class RunDirectory {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final TypeReference<Map<String, Object>> FACTS = new TypeReference<>() { };
    /** The files every run directory holds. */
    static final String TRACE = "trace.csv";
    static final String SUMMARY = "summary.json";
    /** summary.json's draws held per chain: trace.csv's rows (every kept draw, or 1 in 2, 4, … in a long run). */
    static final String HELD_DRAWS = "heldDraws";

    private RunDirectory() {
    }

    /**
     * Writes {@code p}'s run directory as {@code dir}, whole or not at all: the files go to a temporary
     * sibling folder that then takes the place of {@code dir} (see {@link AtomicFiles#writeDirectory}).
     * An existing {@code dir} is replaced only when it is empty or a run directory itself.
     *
     * @throws PlateException when {@code dir} exists and holds files that are not a run's
     */
    public static void write(Posterior p, Path dir) throws IOException {
        try {
            AtomicFiles.writeDirectory(dir, RunDirectory::isRunDirectory, tmp -> {
                AtomicFiles.writeText(tmp.resolve(TRACE), w -> writeTrace(p.trace(), w));
                AtomicFiles.writeText(tmp.resolve(SUMMARY), w -> JSON.writeValue(w, summaryJson(p)));
                for (Map.Entry<String, Table> t : p.tables().entrySet()) {
                    AtomicFiles.writeText(tmp.resolve(t.getKey() + ".csv"), w -> writeTable(t.getValue(), w));
                }
            });
        } catch (FileAlreadyExistsException e) {
            throw notReplaceable(dir);
        }
    }

    /** Refuses, before a run, a folder that {@link #write} would refuse after it: one holding files not a run's. */
    public static void checkReplaceable(Path dir) {
        if (Files.isDirectory(dir) && !isRunDirectory(dir)) {
            throw notReplaceable(dir);
        }
    }

    private static PlateException notReplaceable(Path dir) {
        return new PlateException("run directory '" + dir + "': the folder exists and holds files that are not a"
                + " run's (only an empty folder or an earlier run directory is replaced); choose another folder");
    }

    /**
     * True when {@code dir} may be replaced by a run directory: it is empty, or it holds
     * {@code summary.json} and otherwise only {@code .csv} files (what {@link #write} makes).
     */
    static boolean isRunDirectory(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            List<Path> all = entries.toList();
            if (all.isEmpty()) {
                return true;
            }
            boolean summary = false;
            for (Path e : all) {
                String name = e.getFileName().toString();
                if (!Files.isRegularFile(e, LinkOption.NOFOLLOW_LINKS)) {
                    return false;
                }
                if (name.equals(SUMMARY)) {
                    summary = true;
                } else if (!name.endsWith(".csv") && !name.endsWith(AtomicFiles.SUFFIX)) {
                    return false;
                }
            }
            return summary;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The run written as {@code dir} by {@link #write}: trace, settings, seed, timings, facts and tables as
     * written, the diagnostics computed again from the trace ({@link Diagnostics#summarize(Trace)}, as the
     * runner computed them), and a mixture run's clustering ({@link RunClustering}). A {@code .csv} file whose
     * name is no table name (a copy a user made) is left out.
     *
     * @throws PlateException naming {@code dir} when it is no run directory, or an {@link ImportException}
     *         naming the file (and line) that is missing or malformed
     */
    public static SamplerPosterior read(Path dir) throws IOException {
        Path traceFile = dir.resolve(TRACE);
        Path summaryFile = dir.resolve(SUMMARY);
        if (!Files.isRegularFile(traceFile)) {
            throw new PlateException(dir + ": not a run directory (no " + TRACE + "; plate:sample and plate:cluster"
                    + " write one with --out DIR)");
        }
        if (!Files.isRegularFile(summaryFile)) {
            throw new ImportException(summaryFile, 0, null, "not found: a run directory holds " + TRACE + " and "
                    + SUMMARY);
        }
        JsonNode summary;
        try {
            summary = JSON.readTree(summaryFile.toFile());
        } catch (JsonProcessingException e) {
            // the line where the parser stopped (io.plate.modelfile's JsonSyntax, of the same layer, is not imported)
            long line = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getLineNr());
            throw new ImportException(summaryFile, line, null, "not valid JSON (not the summary.json a run wrote, or"
                    + " edited since)", e);
        }
        if (summary == null || !summary.isObject()) {
            throw new ImportException(summaryFile, 0, null, "not a run's summary (a JSON object)");
        }
        Map<String, Object> facts = summary.has("facts") ? JSON.convertValue(summary.get("facts"), FACTS) : Map.of();
        SamplerPosterior.Builder b = SamplerPosterior.builder(text(summary, "sampler", summaryFile),
                text(summary, "dataset", summaryFile))
                .settings(settings(summary, summaryFile))
                .trace(readTrace(traceFile, draws(summary, summaryFile), finiteMeans(summary)))
                .cancelled(summary.path("cancelled").asBoolean(false))
                .seconds(figure(summary, "seconds", summaryFile))
                .sweepsPerSecond(figure(summary, "sweepsPerSecond", summaryFile))
                .bundle(bundle(summary, summaryFile));
        Map<String, String> params = new LinkedHashMap<>();
        summary.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
        b.params(params);
        facts.forEach(b::fact);
        Map<String, Table> tables = new TreeMap<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path f : entries.sorted().toList()) {
                String name = f.getFileName().toString();
                String stem = name.substring(0, Math.max(0, name.length() - ".csv".length()));
                if (name.endsWith(".csv") && !name.equals(TRACE) && isTableName(stem)
                        && Files.isRegularFile(f)) {
                    tables.put(stem, readTable(f));
                }
            }
        }
        tables.forEach(b::table);
        b.clustering(RunClustering.read(dir, tables, facts));
        return b.build();
    }

    /** Whether {@code stem} may name a table: letters, digits, '_' and '-', and not {@code trace}. */
    public static boolean isTableName(String stem) {
        return stem.matches("[A-Za-z0-9_\\-]+") && !stem.equals("trace");
    }

    /** The text at {@code name} of {@code summary.json}; it must be there. */
    private static String text(JsonNode summary, String name, Path file) {
        JsonNode n = summary.get(name);
        if (n == null || !n.isTextual()) {
            throw new ImportException(file, 0, null, "no '" + name + "' (a text)");
        }
        return n.asText();
    }

    /** The sampler's bundle of {@code summary.json}; not known in the runs of earlier versions, which have none. */
    private static BundleOrigin bundle(JsonNode summary, Path file) {
        if (!summary.has("bundle")) {
            return BundleOrigin.NONE;
        }
        try {
            return BundleOrigin.parse(text(summary, "bundle", file));
        } catch (IllegalArgumentException e) {
            throw new ImportException(file, 0, null, "'bundle': " + e.getMessage());
        }
    }

    /** The run settings of {@code summary.json}, checked as a run's settings are. */
    private static RunSettings settings(JsonNode summary, Path file) {
        JsonNode s = summary.get("settings");
        if (s == null || !s.isObject()) {
            throw new ImportException(file, 0, null, "no 'settings' (an object)");
        }
        int iterations = whole(s, "iterations", file);
        try {
            return new RunSettings(iterations, whole(s, "burnIn", file), whole(s, "thin", file),
                    whole(s, "chains", file), seed(s.has("seed") ? s.get("seed") : summary.get("seed"), file),
                    s.path("threads").asInt(0), s.has("maxIterations") ? whole(s, "maxIterations", file) : iterations);
        } catch (IllegalArgumentException e) {
            throw new ImportException(file, 0, null, "settings: " + e.getMessage());
        }
    }

    private static int whole(JsonNode o, String name, Path file) {
        JsonNode n = o.get(name);
        if (n == null || !n.canConvertToInt() || !n.isIntegralNumber()) {
            throw new ImportException(file, 0, null, "no 'settings." + name + "' (a whole number)");
        }
        return n.asInt();
    }

    /** The run's root seed: a whole number (settings.seed, else seed). */
    private static long seed(JsonNode n, Path file) {
        if (n == null || !n.isIntegralNumber() || !n.canConvertToLong()) {
            throw new ImportException(file, 0, null, "no 'settings.seed' (a whole number)");
        }
        return n.asLong();
    }

    /**
     * Draws held per chain, the rows of trace.csv ({@code heldDraws}: chain number to count; {@code draws} in
     * the files of earlier versions, which held the same), or null when the summary has neither.
     */
    private static int[] draws(JsonNode summary, Path file) {
        String key = summary.has(HELD_DRAWS) ? HELD_DRAWS : "draws";
        JsonNode d = summary.get(key);
        if (d == null) {
            return null;
        }
        int[] out = new int[d.size()];
        for (int c = 0; c < out.length; c++) {
            JsonNode n = d.get(Integer.toString(c));
            if (n == null || !n.isIntegralNumber() || n.asInt() < 0) {
                throw new ImportException(file, 0, null, "'" + key + "' must give the draws held of chains 0 to "
                        + (out.length - 1) + ", each a whole number; chain " + c + " has " + n);
            }
            out[c] = n.asInt();
        }
        return out;
    }

    /**
     * The figure {@code name} of {@code summary.json} as {@link #number(ObjectNode, String, double)} writes it:
     * a number, "inf", "-inf", or null or absent for NaN.
     */
    private static double figure(JsonNode summary, String name, Path file) {
        JsonNode n = summary.get(name);
        if (n == null || n.isNull()) {
            return Double.NaN;
        }
        if (n.isNumber()) {
            return n.asDouble();
        }
        return switch (n.asText()) {
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> throw new ImportException(file, 0, null, "'" + name + "' must be a number, \"inf\" or null, got "
                    + n);
        };
    }

    /** The JSON object of {@code summary.json}. */
    private static ObjectNode summaryJson(Posterior p) {
        ObjectNode root = JSON.createObjectNode();
        root.put("sampler", p.sampler());
        if (p.bundle().known()) {
            root.put("bundle", p.bundle().toString());
        }
        root.put("dataset", p.dataset());
        ObjectNode params = root.putObject("params");
        p.params().forEach(params::put);
        RunSettings s = p.settings();
        ObjectNode settings = root.putObject("settings");
        settings.put("iterations", s.iterations());
        settings.put("maxIterations", s.maxIterations());
        settings.put("burnIn", s.burnIn());
        settings.put("thin", s.thin());
        settings.put("chains", s.chains());
        settings.put("seed", s.seed());
        settings.put("threads", s.threads());
        root.put("seed", s.seed());
        number(root, "seconds", p.seconds());
        number(root, "sweepsPerSecond", p.sweepsPerSecond());
        root.put("cancelled", p.cancelled());
        // the draws trace.csv holds, not the draws kept: past 65,536 kept draws a chain holds 1 in 2, 4, … of them
        ObjectNode draws = root.putObject(HELD_DRAWS);
        Trace trace = p.trace();
        for (int c = 0; c < trace.chains(); c++) {
            draws.put(Integer.toString(c), trace.draws(c));
        }
        ObjectNode summaries = root.putObject("summaries");
        for (SummaryDiagnostic d : p.diagnostics()) {
            ObjectNode o = summaries.putObject(d.name());
            number(o, "mean", d.mean());
            number(o, "sd", d.sd());
            number(o, "rhat", d.rhat());
            number(o, "essBulk", d.essBulk());
            number(o, "essTail", d.essTail());
        }
        root.set("facts", JSON.valueToTree(p.facts()));
        return root;
    }

    /** {@code v}; JSON has no infinity, so an infinite R-hat is the string {@code "inf"}, NaN is null. */
    private static void number(ObjectNode o, String name, double v) {
        if (Double.isFinite(v)) {
            o.put(name, v);
        } else if (Double.isInfinite(v)) {
            o.put(name, v > 0 ? "inf" : "-inf");
        } else {
            o.putNull(name);
        }
    }

    /** Writes the trace as CSV: {@code chain,iteration,<summaries…>}. */
    public static void writeTrace(Trace trace, Writer w) throws IOException {
        StringBuilder line = new StringBuilder("chain,iteration");
        for (String n : trace.summaryNames()) {
            line.append(',').append(RunCsv.cell(n));
        }
        w.write(line.append('\n').toString());
        int s = trace.summaryNames().size();
        for (int c = 0; c < trace.chains(); c++) {
            for (int d = 0; d < trace.draws(c); d++) {
                line.setLength(0);
                line.append(c).append(',').append(trace.iteration(c, d));
                for (int k = 0; k < s; k++) {
                    line.append(',').append(trace.value(c, d, k));
                }
                w.write(line.append('\n').toString());
            }
        }
    }

    /**
     * The summaries summary.json gives a finite mean: their draws were all finite when the run wrote them (a
     * mean over a non-finite draw is not), so a NaN or infinity in their column of trace.csv is damage.
     */
    private static java.util.Set<String> finiteMeans(JsonNode summary) {
        java.util.Set<String> names = new java.util.HashSet<>();
        summary.path("summaries").fields().forEachRemaining(e -> {
            JsonNode mean = e.getValue().path("mean");
            if (mean.isNumber() && Double.isFinite(mean.doubleValue())) {
                names.add(e.getKey());
            }
        });
        return names;
    }

    /**
     * Reads {@code trace.csv} as {@link #writeTrace} writes it: the header {@code chain,iteration,<summaries…>},
     * then each chain's draws in order of iteration, chains in order. {@code drawsPerChain} (summary.json's
     * count per chain; null when it has none) must match the rows, so a file cut short is not read as a
     * shorter run; a NaN or infinity of a summary in {@code finite} (summary.json gives it a finite mean) is damage.
     *
     * @throws ImportException naming the file, line and column of what does not fit
     */
    static Trace readTrace(Path file, int[] drawsPerChain, java.util.Set<String> finite) throws IOException {
        List<List<double[]>> values = new ArrayList<>();
        List<List<Long>> iterations = new ArrayList<>();
        List<String> names;
        try (RunCsv.Reader in = new RunCsv.Reader(file)) {
            RunCsv.Record header = in.next();
            if (header == null || header.cells().size() < 2 || !header.cells().get(0).equals("chain")
                    || !header.cells().get(1).equals("iteration")) {
                throw new ImportException(file, 1, null, "the header must begin chain,iteration (then the summaries)"
                        + (header == null ? "; the file is empty" : ", got '" + String.join(",", header.cells()) + "'"));
            }
            names = header.cells().subList(2, header.cells().size());
            for (RunCsv.Record r = in.next(); r != null; r = in.next()) {
                List<String> cells = r.cells();
                if (cells.size() != header.cells().size()) {
                    throw new ImportException(file, r.line(), null, cells.size() + " cells, the header has "
                            + header.cells().size());
                }
                int chain = (int) whole(file, r.line(), "chain", cells.get(0), 0, Integer.MAX_VALUE - 1);
                long iteration = whole(file, r.line(), "iteration", cells.get(1), 1, Long.MAX_VALUE);
                if (chain < values.size() - 1) {
                    throw new ImportException(file, r.line(), "chain", "chain " + chain + " after chain "
                            + (values.size() - 1) + ": the rows of a chain come together, chains in order");
                }
                while (values.size() <= chain) {
                    values.add(new ArrayList<>());
                    iterations.add(new ArrayList<>());
                }
                List<Long> its = iterations.get(chain);
                if (!its.isEmpty() && iteration <= its.get(its.size() - 1)) {
                    throw new ImportException(file, r.line(), "iteration", "iteration " + iteration + " after "
                            + its.get(its.size() - 1) + " in chain " + chain + ": a chain's draws come in order");
                }
                double[] row = new double[names.size()];
                for (int s = 0; s < row.length; s++) {
                    try {
                        row[s] = Double.parseDouble(cells.get(2 + s));
                        if (!Double.isFinite(row[s]) && finite.contains(names.get(s))) {
                            throw new ImportException(file, r.line(), names.get(s), "'" + cells.get(2 + s) + "' is not a"
                                    + " finite number, yet " + SUMMARY + " gives this summary a finite mean: the file was"
                                    + " damaged or edited since the run wrote it");
                        }
                    } catch (NumberFormatException e) {
                        throw new ImportException(file, r.line(), names.get(s), "'" + cells.get(2 + s)
                                + "' is not a number");
                    }
                }
                values.get(chain).add(row);
                its.add(iteration);
            }
        }
        int chains = drawsPerChain == null ? values.size() : Math.max(values.size(), drawsPerChain.length);
        double[][][] v = new double[chains][][];
        long[][] it = new long[chains][];
        for (int c = 0; c < chains; c++) {
            List<double[]> rows = c < values.size() ? values.get(c) : List.of();
            if (drawsPerChain != null && (c >= drawsPerChain.length || rows.size() != drawsPerChain[c])) {
                throw new ImportException(file, 0, null, "chain " + c + " has " + rows.size() + " rows but " + SUMMARY
                        + " says " + (c >= drawsPerChain.length ? "there are " + drawsPerChain.length + " chains"
                        : drawsPerChain[c] + " draws held") + ": the file was cut short or edited");
            }
            v[c] = rows.toArray(new double[0][]);
            it[c] = c < values.size() ? iterations.get(c).stream().mapToLong(Long::longValue).toArray() : new long[0];
        }
        return new Trace(names, v, it);
    }

    /** The whole number in a cell, in {@code [min, max]}. */
    private static long whole(Path file, long line, String column, String cell, long min, long max) {
        long n;
        try {
            n = Long.parseLong(cell);
        } catch (NumberFormatException e) {
            n = min - 1;
        }
        if (n < min || n > max) {
            throw new ImportException(file, line, column, "'" + cell + "' is not a whole number of at least " + min);
        }
        return n;
    }

    /** Writes a table as CSV, quoting cells that hold a comma, quote or line break. */
    public static void writeTable(Table t, Writer w) throws IOException {
        w.write(RunCsv.row(t.header()));
        for (List<String> r : t.rows()) {
            w.write(RunCsv.row(r));
        }
    }

    /**
     * Reads a table as {@link #writeTable} writes it: a header, then rows of as many cells.
     *
     * @throws ImportException naming the file and line of a row that does not fit
     */
    static Table readTable(Path file) throws IOException {
        try (RunCsv.Reader in = new RunCsv.Reader(file)) {
            RunCsv.Record header = in.next();
            if (header == null) {
                throw new ImportException(file, 0, null, "empty file: a table begins with its header");
            }
            List<List<String>> rows = new ArrayList<>();
            for (RunCsv.Record r = in.next(); r != null; r = in.next()) {
                if (r.cells().size() != header.cells().size()) {
                    throw new ImportException(file, r.line(), null, r.cells().size() + " cells, the header has "
                            + header.cells().size());
                }
                rows.add(r.cells());
            }
            return new Table(header.cells(), rows);
        }
    }
}
