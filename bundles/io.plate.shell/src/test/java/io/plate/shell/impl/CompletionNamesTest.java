package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import java.util.List;
import org.apache.felix.service.command.CommandSession;
import org.jline.reader.ParsedLine;
import org.jline.reader.impl.DefaultParser;
import org.junit.jupiter.api.Test;

/** Completion offers the kind of name the argument under the cursor takes (a dataset position: datasets). */
class CompletionNamesTest {
    private static ParsedLine line(String typed) {
        return new DefaultParser().parse(typed, typed.length());
    }

    @Test
    void argumentIndexSkipsTheCommandOptionsAndTheirValues() {
        assertEquals(0, InfoCommands.argumentIndex(line("plate:train ")));
        assertEquals(1, InfoCommands.argumentIndex(line("plate:train nb.gaussian ")));
        assertEquals(1, InfoCommands.argumentIndex(line("plate:train --seed 3 nb.gaussian ir")));
        assertEquals(2, InfoCommands.argumentIndex(line("plate:train nb.gaussian iris ")));
        assertEquals(-1, InfoCommands.argumentIndex(line("plate:train --se")));
        assertEquals(-1, InfoCommands.argumentIndex(null));
    }

    @Test
    void aDatasetPositionOffersDatasetsOnly() {
        Workspace w = new Workspace();
        w.putDataset("iris", Dataset.builder("iris").numeric(NumericColumn.of("x", new double[] {1})).build());
        InfoCommands info = new InfoCommands(w, null);
        Object[] current = new Object[1];
        CommandSession session = (CommandSession) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {CommandSession.class},
                (p, m, a) -> m.getName().equals("get") && ".commandLine".equals(a[0]) ? current[0] : null);
        current[0] = line("plate:sample sparse.dirichlet ");
        assertEquals(List.of("iris"), info.names(session, true, "samplers", "datasets"));
        current[0] = line("plate:sample sparse.dirichlet iris ");
        assertEquals(List.of(), info.names(session, true, "samplers", "datasets"), "parameters follow: no names");
        current[0] = line("plate:plot ");
        assertEquals(List.of("trace", "clusters", "theta", "confusion", "lines"),
                info.names(session, true, "plots", "runs"));
        // without --by-position: every kind, as before
        assertEquals(List.of("iris"), info.names(session, false, "datasets"));
    }
}
