package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelStore;
import io.plate.api.text.TextTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code plate:save}, {@code plate:load} and {@code plate:models}: models kept in the {@link Workspace},
 * written and read as model files through the {@link ModelStore} service (dynamic, greedy, optional).
 */
@Component(service = ModelFileCommands.class)
@PlateCommand({"save", "load", "models"})
public final class ModelFileCommands {
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ModelStore store;

    private final Workspace workspace;
    private final ShellDefaults defaults;

    @Activate
    public ModelFileCommands(@Reference Workspace workspace, @Reference ShellDefaults defaults) {
        this.workspace = workspace;
        this.defaults = defaults;
    }

    /** For tests and embedding: commands over a fixed ModelStore (null: none installed). */
    static ModelFileCommands of(Workspace workspace, ShellDefaults defaults, ModelStore store) {
        ModelFileCommands c = new ModelFileCommands(workspace, defaults);
        c.store = store;
        return c;
    }

    @Descriptor("save a model as a JSON model file (written atomically)")
    public String save(@Descriptor("name of a model (see plate:models)") String model,
            @Descriptor("the file to write") String file) {
        Model m = workspace.model(model);
        if (file.isBlank()) {
            throw new PlateException("plate:save needs a file name: plate:save " + model + " " + model + ".json");
        }
        Path path = defaults.output(file);
        String source = sourceOf(path);
        if (source != null) { // plate:save m data.csv wrote the model over the data just imported
            throw new PlateException("cannot save model '" + model + "' to " + path + ": it is the file dataset '" + source
                    + "' was imported from; give another name, e.g. " + model + ".json");
        }
        if (Files.isDirectory(path)) {
            throw new PlateException("cannot save model '" + model + "' to " + path + ": it is a folder; give a file"
                    + " name, e.g. " + path.resolve(model + ".json"));
        }
        if (Files.isRegularFile(path) && !replaceable(path)) { // a model file is replaced; any other file is the user's
            throw new PlateException("cannot save model '" + model + "' to " + path + ": the file exists and is not a Plate"
                    + " model file; give another name, e.g. " + model + ".json, or remove the file first");
        }
        OutputTarget target = OutputTarget.file(defaults, file, "cannot save model '" + model + "' to");
        try {
            modelStore().save(m, path.toAbsolutePath());
            // the file as given under output.folder, as the other commands name what they wrote
            return "saved model '" + model + "' (" + m.type() + ") to " + target.path() + " (" + Files.size(path)
                    + " bytes)";
        } catch (IOException e) {
            throw target.failure(e);
        }
    }

    /** Whether plate:save may write over {@code file}: it is empty, or it starts with a Plate model file's header. */
    private static boolean replaceable(Path file) {
        try (java.io.InputStream in = Files.newInputStream(file)) {
            return Files.size(file) == 0 || io.plate.modelfile.ModelFile.type(in) != null;
        } catch (IOException | RuntimeException notAModel) { // unreadable, not JSON, another format or version
            return false;
        }
    }

    /** The name of a loaded dataset imported from {@code path}, or null. */
    private String sourceOf(Path path) {
        for (java.util.Map.Entry<String, io.plate.api.data.Dataset> e : workspace.datasets().entrySet()) {
            String src = e.getValue().source();
            if (src != null && !src.isEmpty()) {
                try {
                    Path p = Path.of(src);
                    if (p.toAbsolutePath().normalize().equals(path.toAbsolutePath().normalize())
                            || Files.exists(path) && Files.exists(p) && Files.isSameFile(p, path)) {
                        return e.getKey();
                    }
                } catch (java.nio.file.InvalidPathException | IOException ignored) {
                    // a source that is no path (a stream's name): not this file
                }
            }
        }
        return null;
    }

    @Descriptor("load a model file and keep it under --name (default: the file name without .json)")
    public Model load(
            @Descriptor("name to keep the model under")
            @Parameter(names = {"-n", "--name"}, absentValue = "") String name,
            @Descriptor("a model file written by plate:save") String file) {
        Path path = defaults.input(file); // as given, else where plate:save put it under the output folder
        if (!Files.isRegularFile(path)) {
            throw new PlateException("no model file " + file);
        }
        Model m;
        try {
            m = modelStore().load(path);
        } catch (IOException e) {
            // the reason in a user's words (permission denied, a model file's own message), no exception class
            throw new PlateException("cannot read " + file + ": " + io.plate.api.io.WriteFailures.reason(file, path, e), e);
        }
        String base = path.getFileName().toString();
        String kept = name.isEmpty() ? (base.endsWith(".json") ? base.substring(0, base.length() - 5) : base) : name;
        Replaced.warn(Replaced.model(kept, workspace.putModel(kept, m)), "load with --name NAME");
        return m;
    }

    @Descriptor("list the models kept in this shell")
    public String models() {
        Map<String, Model> all = workspace.models();
        Map<String, String> waiting = workspace.waiting();
        if (all.isEmpty() && waiting.isEmpty()) {
            return "no models (use plate:train or plate:load)\n";
        }
        TextTable t = new TextTable("name", "type", "classes", "trained on");
        for (Map.Entry<String, Model> e : all.entrySet()) {
            Model m = e.getValue();
            t.row(e.getKey(), m.type(), m.isRegression() ? "(regression)" : m.classes().size(),
                    m.provenance().dataSummary());
        }
        waiting.forEach((name, type) -> t.row(name, type, "-", "(kept as a file until a " + type
                + " learner is installed again)"));
        return t.toString();
    }

    private ModelStore modelStore() {
        ModelStore s = store;
        if (s == null) {
            throw new PlateException(Missing.service("ModelStore", "plate-classifier"));
        }
        return s;
    }
}
