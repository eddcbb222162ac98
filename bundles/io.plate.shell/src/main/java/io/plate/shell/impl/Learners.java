package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.ServicePreference;
import io.plate.api.data.Dataset;
import io.plate.api.data.Importer;
import io.plate.api.learn.Learner;
import io.plate.api.sample.Sampler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import org.osgi.service.component.annotations.CollectionType;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The installed learners as the model commands see them: a dynamic, greedy, multiple reference (a learner
 * bundle installed while the shell runs is usable at the next command), looked up by name with the one
 * service preference rule ({@link ServicePreference}).
 */
@Component(service = Learners.class)
public final class Learners {
    /** A numeric target with at most this many values reads as classes written as numbers (0/1, 1-5). */
    private static final int FEW_VALUES = 20;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private final List<Map.Entry<Map<String, Object>, Learner>> learners = new CopyOnWriteArrayList<>();

    /** The samplers' service properties: a sampler's name asked of plate:train is answered with the command that runs it. */
    @Reference(service = Sampler.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            collectionType = CollectionType.PROPERTIES)
    private final List<Map<String, Object>> samplers = new CopyOnWriteArrayList<>();

    /** For tests: a fixed set of learners, and samplers of these names. */
    static Learners of(List<Learner> fixed, List<String> samplerNames) {
        Learners l = of(fixed);
        samplerNames.forEach(n -> l.samplers.add(Map.of(Sampler.NAME, n)));
        return l;
    }

    /** For tests and embedding: a fixed set of learners. */
    static Learners of(List<Learner> fixed) {
        Learners l = new Learners();
        for (Learner x : fixed) {
            l.learners.add(Map.entry(Map.of(Learner.NAME, x.name()), x));
        }
        return l;
    }

    /** The installed learner whose {@code plate.learner} property is {@code name}, best-ranked first. */
    Learner named(String name) {
        List<Map.Entry<Map<String, Object>, Learner>> bound = Guard.current(learners);
        return ServicePreference.bound(bound, Learner.NAME, name).orElseThrow(() -> {
            if (samplers.stream().anyMatch(p -> name.equals(p.get(Sampler.NAME)))) {
                // as plate:cluster answers a learner's name: say which command runs it
                return new PlateException("'" + name + "' is a sampler, not a learner; "
                        + (name.startsWith(ClusterCommands.MIXTURE_PREFIX) ? "plate:cluster" : "plate:sample") + " runs it"
                        + " (plate:learners lists the learners)");
            }
            TreeSet<String> installed = new TreeSet<>();
            bound.forEach(e -> installed.add(String.valueOf(e.getKey().get(Learner.NAME))));
            return new PlateException("no learner named '" + name + "'"
                    + Missing.note(name, installed, Learner.class));
        });
    }
    /**
     * What a sampler command answers when {@code name} is an installed learner's name (as {@link #named} answers a
     * sampler's), or null when it is not one.
     */
    PlateException notASampler(String name) {
        boolean learner = Guard.current(learners).stream().anyMatch(e -> name.equals(e.getKey().get(Learner.NAME)));
        return learner ? new PlateException("'" + name + "' is a learner, not a sampler; plate:train or plate:evaluate"
                + " runs it (plate:samplers lists the samplers)") : null;
    }

    /**
     * Runs a fit or evaluation; when a classifier refuses a dataset that has a numeric target and no
     * labels, says so in the shell's terms: few values are classes written as numbers ({@code --categorical}),
     * many a quantity for a regression learner.
     */
    static <T> T withAdvice(Learner l, Dataset d, java.util.function.Supplier<T> work) {
        try {
            return work.get();
        } catch (PlateException ex) {
            if (d.labels().isEmpty() && d.target().isPresent() && String.valueOf(ex.getMessage()).contains("class labels")) {
                String t = d.target().get().name();
                List<String> values = io.plate.api.data.LevelNumbers.sorted(d.target().get().asLevels().levels());
                String head = l.name() + " is a classifier and '" + d.name() + "' has a numeric target '" + t + "'";
                if (values.isEmpty()) { // an empty label column (the import warned): --categorical would make no class either
                    throw new PlateException(head + " with no value in any row: for unlabelled data import the file"
                            + " again with --no-label, or name the label column with --label COLUMN", ex);
                }
                throw new PlateException(values.size() <= FEW_VALUES
                        ? head + " with " + values.size() + " values" + (values.size() <= 10 ? " (" + String.join(", ", values)
                                + ")" : "") + ": import the "
                                + "file again with --categorical " + io.plate.api.text.ShellWord.of(t) + " to use them as classes, or use a regression "
                                + "learner (kernel.regression)"
                        : head + " with " + values.size() + " distinct values: use a regression learner "
                                + "(kernel.regression; see plate:learners)", ex);
            }
            String freeText = freeTextWarning(d);
            if (freeText != null && d.sparse().isEmpty() && String.valueOf(ex.getMessage()).contains("needs word counts")) {
                // a word learner on a table whose free text became one categorical column: repeat the import's fix
                throw new PlateException(ex.getMessage() + "; its import said: " + freeText, ex);
            }
            throw ex;
        }
    }

    /**
     * The import's warning (among {@link Importer#WARNINGS}) that a categorical column of {@code d} looks like
     * free text, with the text import that reads its words; null when there is none.
     */
    static String freeTextWarning(Dataset d) {
        String warnings = d.metadata().get(Importer.WARNINGS);
        if (warnings == null) {
            return null;
        }
        for (String w : warnings.split("; ")) {
            if (w.contains("if it is free text, import its words with")) {
                return w;
            }
        }
        return null;
    }
}
