package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explainable;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.api.learn.Model;
import io.plate.api.text.TextTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code plate:explain}: one prediction of a kept model as the log-odds parts of its top two classes,
 * and the most telling features of each class.
 */
@Component(service = ExplainCommands.class)
@PlateCommand({"explain"})
public final class ExplainCommands {
    private final Workspace workspace;

    @Activate
    public ExplainCommands(@Reference Workspace workspace) {
        this.workspace = workspace;
    }

    @Descriptor("explain one prediction: the prior and each feature's part of the log-odds of the two most "
            + "probable classes; for word-count models also the most telling words of each class")
    public String explain(
            @Descriptor("row to explain, 1-based (default 1)")
            @Parameter(names = {"-r", "--row"}, absentValue = "1") String row,
            @Descriptor("how many features (and words per class) to show (default 10)")
            @Parameter(names = {"-n", "--top"}, absentValue = "10") String top,
            @Descriptor("name of a model (see plate:models)") String model,
            @Descriptor("name of a loaded dataset") String dataset) {
        Model m = workspace.model(model);
        if (!(m instanceof Explainable)) {
            throw new PlateException("model '" + model + "' (" + m.type() + ") cannot explain its predictions");
        }
        Dataset d = workspace.dataset(dataset);
        int r = Args.parseInt("--row", row);
        int n = Args.parseInt("--top", top);
        if (r < 1 || r > d.rows()) {
            throw new PlateException("--row " + r + ": dataset '" + dataset + "' has rows 1.." + d.rows());
        }
        if (n < 1) {
            throw new PlateException("--top " + n + ": must be at least 1");
        }
        Explainable x = (Explainable) m;
        return render(x.explain(d, r - 1), x.tellingFeatures(n), r, n, d.labels().map(l -> l.level(r - 1)));
    }

    /** The explanation as text: the log-odds decomposition of the top two classes and the telling words. */
    static String render(Explanation e, List<List<FeatureWeight>> telling, int row, int top, Optional<String> truth) {
        List<String> classes = e.classes();
        double[] lp = e.logProba();
        Integer[] order = new Integer[classes.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -lp[i]));
        StringBuilder s = new StringBuilder();
        s.append("row ").append(row).append(": predicted ").append(classes.get(order[0]))
                .append(String.format(Locale.ROOT, " (p = %.4f)", Math.exp(lp[order[0]])));
        truth.ifPresent(t -> s.append(", label ").append(t == null ? "?" : t));
        s.append('\n');
        if (classes.size() >= 2) {
            int j = order[0];
            int k = order[1];
            String cj = classes.get(j);
            String ck = classes.get(k);
            s.append(String.format(Locale.ROOT, "log P(%s|x) / P(%s|x) = %.4f%n", cj, ck, lp[j] - lp[k]));
            double[] prior = e.prior();
            List<Explanation.Term> terms = new ArrayList<>(e.terms());
            terms.sort(Comparator.comparingDouble((Explanation.Term t) -> -Math.abs(t.logOdds(j, k))));
            TextTable t = new TextTable("term", "value", "log-odds", "for");
            if (prior.length > 0) { // a model without a prior (nb.complement) has no prior term
                t.row("prior", "", String.format(Locale.ROOT, "%+.4f", prior[j] - prior[k]),
                        prior[j] >= prior[k] ? cj : ck);
            }
            double rest = 0;
            int shown = 0;
            for (Explanation.Term term : terms) {
                double v = term.logOdds(j, k);
                if (shown < top) {
                    t.row(term.feature(), SixDigits.ofText(term.value()), String.format(Locale.ROOT, "%+.4f", v), v >= 0 ? cj : ck);
                    shown++;
                } else {
                    rest += v;
                }
            }
            if (terms.size() > shown) {
                t.row("(" + (terms.size() - shown) + " more)", "", String.format(Locale.ROOT, "%+.4f", rest),
                        rest >= 0 ? cj : ck);
            }
            s.append(t);
            if (classes.size() > 2) {
                s.append("(all classes: ");
                for (int i = 0; i < order.length && i < 5; i++) {
                    s.append(i == 0 ? "" : ", ").append(classes.get(order[i]))
                            .append(String.format(Locale.ROOT, " %.4f", Math.exp(lp[order[i]])));
                }
                s.append(order.length > 5 ? ", …)\n" : ")\n");
            }
        }
        for (Explanation.Skipped skip : e.skipped()) {
            s.append("skipped: ").append(skip.feature()).append(" = ").append(SixDigits.ofText(skip.value())).append(": ")
                    .append(skip.reason()).append(", no term\n");
        }
        if (!telling.isEmpty()) {
            // the weights are log-odds for the multinomial model, not for complement (a weight of its complement
            // counts) or Bernoulli (presence against absence): say what every one of them is
            s.append("\nmost telling words per class (what the word adds to the class's score, less its mean over the"
                    + " other classes):\n");
            for (int c = 0; c < telling.size() && c < classes.size(); c++) {
                StringBuilder line = new StringBuilder();
                for (FeatureWeight w : telling.get(c)) {
                    line.append(line.length() == 0 ? "" : ", ").append(w.feature())
                            .append(String.format(Locale.ROOT, " %.2f", w.weight()));
                }
                s.append("  ").append(classes.get(c)).append(": ").append(line).append('\n');
            }
        }
        return s.toString();
    }
}
