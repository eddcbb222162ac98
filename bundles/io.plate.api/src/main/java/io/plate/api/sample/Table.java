package io.plate.api.sample;

import java.util.ArrayList;
import java.util.List;

/**
 * A small table a sampler produces beside its trace ({@code theta.csv}, {@code assignments.csv},
 * {@code clusters.csv} …): a header and rows of already formatted cells.
 */
public record Table(List<String> header, List<List<String>> rows) {
    /** Refuses a row whose length differs from the header's; copies header and rows. */
    public Table {
        header = List.copyOf(header);
        List<List<String>> r = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            if (row.size() != header.size()) {
                throw new IllegalArgumentException("row of " + row.size() + " cells under a header of "
                        + header.size());
            }
            r.add(List.copyOf(row));
        }
        rows = List.copyOf(r);
    }
}
