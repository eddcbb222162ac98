package io.plate.shell.impl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.EvaluationReport;
import io.plate.api.sample.Posterior;
import io.plate.api.text.NearestName;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code plate:plot KIND WHAT --out FILE.png|.svg}: trace plots with running R-hat, cluster scatter
 * plots, confusion heat maps and the posterior of θ. Headless; files are written atomically.
 */
@Component(service = PlotCommands.class)
@PlateCommand({"plot"})
public final class PlotCommands {
    /** The output folder that relative --out names go to, as for every command that writes (plate:config). */
    @org.osgi.service.component.annotations.Reference(cardinality = org.osgi.service.component.annotations.ReferenceCardinality.OPTIONAL,
            policy = org.osgi.service.component.annotations.ReferencePolicy.DYNAMIC,
            policyOption = org.osgi.service.component.annotations.ReferencePolicyOption.GREEDY)
    volatile ShellDefaults defaults;

    /** The importers, through plate:import's choice of one: plate:plot lines reads its CSV as an import does. */
    @org.osgi.service.component.annotations.Reference(cardinality = org.osgi.service.component.annotations.ReferenceCardinality.OPTIONAL,
            policy = org.osgi.service.component.annotations.ReferencePolicy.DYNAMIC,
            policyOption = org.osgi.service.component.annotations.ReferencePolicyOption.GREEDY)
    volatile DataCommands data;

    private final Workspace workspace;

    @Activate
    public PlotCommands(@Reference Workspace workspace) {
        this.workspace = workspace;
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /** What a plot command returns: where the figure went. */
    public record Written(String kind, Path file, String note) {
        public Written(String kind, Path file) {
            this(kind, file, "");
        }

        @Override
        public String toString() {
            return kind + " plot written to " + file + "\n" + (note.isEmpty() ? "" : "note: " + note + "\n");
        }
    }

    @Descriptor("plot a run, an evaluation or a table: trace RUN | clusters RUN | theta RUN"
            + " | confusion REPORT|FILE.json | lines FILE.csv --x COL --y COL [--group COLS]")
    public Written plot(
            @Descriptor("output file, .png or .svg") @Parameter(names = {"-o", "--out"}, absentValue = "") String out,
            @Descriptor("clusters: numeric column for the x axis (default: the first of two numeric columns, else the"
                    + " first principal component)")
            @Parameter(names = {"--x"}, absentValue = "") String x,
            @Descriptor("clusters: numeric column for the y axis (default: the second of two numeric columns, else the"
                    + " second principal component)")
            @Parameter(names = {"--y"}, absentValue = "") String y,
            @Descriptor("theta: the one feature whose categories to show (default: every feature, past "
                    + Figures.THETA_PANELS + " the " + Figures.THETA_PANELS + " whose θ differs most between classes)")
            @Parameter(names = {"--feature"}, absentValue = "") String feature,
            @Descriptor("lines: comma-separated columns whose values name the lines (e.g. learner)")
            @Parameter(names = {"--group"}, absentValue = "") String group,
            @Descriptor("lines: the CSV's field delimiter (a character, or 'tab'); default: detected from the header")
            @Parameter(names = {"--delimiter"}, absentValue = Args.NOT_GIVEN) String delimiter,
            @Descriptor("lines: cell texts read as missing, comma-separated, as for plate:import --missing")
            @Parameter(names = {"--missing"}, absentValue = "") String missing,
            @Descriptor("lines: the CSV's encoding, as for plate:import: utf-8 (default), cp1252, latin-1, …")
            @Parameter(names = {"--encoding"}, absentValue = "") String encoding,
            @Descriptor("trace, clusters, theta, confusion or lines") String kind,
            @Descriptor("a run name (plate:sample/plate:cluster --name) or run directory (their --out), or for"
                    + " confusion an evaluation (a variable holding plate:evaluate's result, or its --out JSON file)")
            Object what)
            throws IOException {
        checkKind(kind);
        if (out.isEmpty()) {
            throw new PlateException("plate:plot needs --out FILE.png or FILE.svg");
        }
        String lower = out.toLowerCase(java.util.Locale.ROOT);
        if (!lower.endsWith(".png") && !lower.endsWith(".svg")) {
            throw new PlateException("--out '" + out + "': the plot file must end in .png or .svg");
        }
        OutputTarget target = OutputTarget.file(defaults, out, "cannot write the plot to");
        Path file = target.path();
        String note;
        try {
            note = draw(kind, what, x, y, feature, group, tableOptions(x, y, delimiter, missing, encoding), file);
        } catch (IOException e) {
            throw target.failure(e);
        }
        return new Written(kind, file, note);
    }

    /** The plot kinds, in the order the usage lists them. */
    static final List<String> KINDS = List.of("trace", "clusters", "theta", "confusion", "lines");

    /** Refuses an unknown kind before anything else is checked, naming the kind it is closest to. */
    static void checkKind(String kind) {
        if (!KINDS.contains(kind)) {
            throw new PlateException("unknown plot kind '" + kind + "'" + NearestName.suggestion(kind, KINDS)
                    + ": use " + String.join(", ", KINDS.subList(0, KINDS.size() - 1)) + " or " + KINDS.get(KINDS.size() - 1));
        }
    }

    /** Draws the plot into {@code file}; what it left out of the data, or "". */
    private String draw(String kind, Object what, String x, String y, String feature, String group,
            io.plate.api.data.ImportOptions table, Path file) throws IOException {
        switch (kind) {
            case "trace":
                Figures.trace(what instanceof Posterior p ? p.sampler() + " on " + p.dataset() : String.valueOf(what),
                        run(what), file);
                break;
            case "clusters": {
                Posterior p = run(what);
                Figures.clustering(p);
                // a run directory given (not a kept run): its clusters.csv, as the user named the folder
                String csv = what instanceof Posterior || workspace.runs().containsKey(String.valueOf(what)) ? null
                        : UserPaths.of(String.valueOf(what)).resolve("clusters.csv").toString();
                Figures.clusters(p, clusteredRows(p), x.isEmpty() ? null : x, y.isEmpty() ? null : y, file, csv);
                break;
            }
            case "theta":
                Figures.theta(run(what), feature.isEmpty() ? null : feature, file);
                break;
            case "confusion":
                Figures.confusion(report(what instanceof CharSequence ? existing(what.toString()) : what), file);
                break;
            case "lines":
                if (x.isEmpty() || y.isEmpty()) {
                    throw new PlateException("plate:plot lines needs --x COLUMN and --y COLUMN");
                }
                Path csv = existing(String.valueOf(what));
                DataCommands reader = data;
                if (reader == null) {
                    throw new PlateException(Missing.service("importer", "plate-core"));
                }
                return Figures.csvLines(reader.read("csv", csv, table), csv, x, y,
                        group.isEmpty() ? List.of() : List.of(group.split(",")), file);
            default:
                checkKind(kind);
        }
        return "";
    }

    /** How plate:plot lines reads its CSV: x and y as numbers, and the file as plate:import reads it with these options. */
    static io.plate.api.data.ImportOptions tableOptions(String x, String y, String delimiter, String missing, String encoding) {
        try {
            return DataCommands.reading(Figures.tableOptions(x, y).toBuilder(), delimiter, missing, encoding).build();
        } catch (IllegalArgumentException e) {
            throw new PlateException(e.getMessage(), e);
        }
    }

    /** A file to read, found as {@code plate:load} finds one (as given, else under the output folder); it must exist. */
    private Path existing(String given) {
        ShellDefaults d = defaults;
        Path f = d == null ? UserPaths.of(given) : d.input(given);
        if (!Files.exists(f)) {
            throw new PlateException("file not found: " + given);
        }
        return f;
    }

    /** A run: the object itself, a kept run's name or a run directory ({@link RunArgument}). */
    private Posterior run(Object what) {
        if (what instanceof Posterior) {
            return (Posterior) what;
        }
        return RunArgument.resolve(String.valueOf(what), workspace, defaults);
    }

    private Dataset clusteredRows(Posterior p) {
        return RunArgument.clusteredRows(p, workspace, "plate:plot clusters");
    }

    /** An evaluation report: the object itself, an object that holds one, or the evaluation JSON file (a path or its name). */
    static EvaluationReport report(Object what) throws IOException {
        if (what instanceof EvaluationReport) {
            return (EvaluationReport) what;
        }
        for (Method m : what.getClass().getMethods()) {
            if (m.getParameterCount() == 0 && EvaluationReport.class.isAssignableFrom(m.getReturnType())) {
                try {
                    return (EvaluationReport) m.invoke(what);
                } catch (ReflectiveOperationException e) {
                    throw new PlateException("cannot read the evaluation from " + what.getClass().getSimpleName(), e);
                }
            }
        }
        if (!(what instanceof Path || what instanceof CharSequence)) {
            throw new PlateException("plate:plot confusion takes an evaluation: plate:evaluate's result (e = plate:evaluate"
                    + " …; then $e) or its --out JSON file");
        }
        Path f = what instanceof Path p ? p : Path.of(what.toString());
        if (!Files.exists(f)) {
            throw new PlateException("file not found: " + what);
        }
        if (!Files.isRegularFile(f)) {
            throw new PlateException("'" + what + "' is a folder, not an evaluation JSON file");
        }
        JsonNode n;
        try {
            n = new ObjectMapper().readTree(f.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // the parser's message ran over two lines, with its source description
            throw new PlateException(f + ": " + io.plate.modelfile.JsonSyntax.describe(e), e);
        } catch (IOException e) {
            throw new PlateException(f + ": not an evaluation JSON file: " + e.getMessage());
        }
        JsonNode classes = n.get("classes");
        JsonNode confusion = n.get("confusion");
        if (classes == null || confusion == null || !classes.isArray() || !confusion.isArray()
                || confusion.size() != classes.size()) {
            throw new PlateException(f + ": needs 'classes' and a square 'confusion' matrix of the same size");
        }
        List<String> cls = new ArrayList<>();
        classes.forEach(c -> cls.add(c.asText()));
        long[][] m = new long[cls.size()][cls.size()];
        for (int i = 0; i < cls.size(); i++) {
            JsonNode row = confusion.get(i);
            if (row == null || row.size() != cls.size()) {
                throw new PlateException(f + ": confusion row " + i + " does not have " + cls.size() + " cells");
            }
            for (int j = 0; j < cls.size(); j++) {
                m[i][j] = row.get(j).asLong();
            }
        }
        return new EvaluationReport(n.path("learner").asText("?"), Map.of(), n.path("dataset").asText(f.toString()),
                n.path("folds").asInt(0), n.path("seed").asLong(0), cls, n.path("accuracy").asDouble(Double.NaN),
                n.path("logLoss").asDouble(Double.NaN), n.path("macroF1").asDouble(Double.NaN), m, Double.NaN,
                Double.NaN, 0, 0, List.of());
    }
}
