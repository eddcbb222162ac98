package io.plate.importers.impl;

import io.plate.api.data.ImportOptions;
import io.plate.api.text.ShellWord;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The columns that {@code --categorical}, {@code --numeric} and {@code --ignore} name, read against the file's
 * own names: an entry that is the exact name of a column (after the spaces around it) is that column, so a pandas
 * column {@code size, cm} may be given whole; any other entry is a comma-separated list, quoted as a CSV field is
 * ({@code "size, cm",w}), whose names the caller then checks against the header. The one reading of every such
 * option, for CSV and ARFF. A name an advice message tells the user to give is written as a shell word
 * ({@link ShellWord}), quoted where Gogo would read it otherwise.
 */
final class ColumnLists {
    private ColumnLists() {
    }

    /** The names {@code given} (entries of an option, or {@link ImportOptions#ALL}) stand for; {@code isColumn} tells a file's name. */
    static Set<String> named(Collection<String> given, Predicate<String> isColumn) {
        Set<String> out = new LinkedHashSet<>();
        for (String entry : given) {
            String whole = entry.strip();
            if (whole.isEmpty()) {
                continue;
            }
            if (isColumn.test(whole) || whole.equals(ImportOptions.ALL)) {
                out.add(whole);
                continue;
            }
            for (String n : CsvRecordReader.fields(whole, ',')) {
                if (!n.isBlank()) {
                    out.add(n.strip());
                }
            }
        }
        return out;
    }

    /** {@code options} with {@code --categorical} and {@code --numeric} read as {@link #named} against the file's names. */
    static ImportOptions resolved(ImportOptions options, Predicate<String> isColumn) {
        if (options.categorical().isEmpty() && options.numeric().isEmpty()) {
            return options;
        }
        return options.toBuilder().categorical(named(options.categorical(), isColumn))
                .numeric(named(options.numeric(), isColumn)).build();
    }

    /**
     * What {@code option} is told about a name the file does not have when one of the file's {@code names} holds a
     * comma: such a name is given whole, or quoted in a list; "" when none does.
     */
    static String commaHint(String option, Collection<String> names) {
        for (String n : names) {
            if (n.indexOf(',') >= 0) {
                return "; a name that holds a comma is given whole (" + option + " " + ShellWord.of(n)
                        + ") or quoted in a list (" + option + " " + ShellWord.of(io.plate.api.text.Visible.listedWhole(n) + ",…") + ")";
            }
        }
        return "";
    }
}
