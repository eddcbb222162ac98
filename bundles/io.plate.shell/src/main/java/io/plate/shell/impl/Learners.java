package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.ServicePreference;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
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
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private final List<Map.Entry<Map<String, Object>, Learner>> learners = new CopyOnWriteArrayList<>();

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
            TreeSet<String> installed = new TreeSet<>();
            bound.forEach(e -> installed.add(String.valueOf(e.getKey().get(Learner.NAME))));
            return new PlateException("no learner named '" + name + "'"
                    + Missing.note(installed));
        });
    }
    /**
     * Runs a fit or evaluation; when a classifier refuses a dataset that has a numeric target and no
     * labels, says so in the user's terms (its message would name an internal fold such as
     * {@code d.fold1.train} and advise {@code --label}, which a regression dataset already has).
     */
    static <T> T withAdvice(Learner l, Dataset d, java.util.function.Supplier<T> work) {
        try {
            return work.get();
        } catch (PlateException ex) {
            if (d.labels().isEmpty() && d.target().isPresent()
                    && String.valueOf(ex.getMessage()).contains("no class labels")) {
                String t = d.target().get().name();
                throw new PlateException(l.name() + " is a classifier and '" + d.name() + "' has a numeric target '" + t
                        + "': use a regression learner (see plate:learners, e.g. kernel.regression), or import the"
                        + " file again with --categorical " + t + " to treat its values as classes", ex);
            }
            throw ex;
        }
    }
}
