package io.plate.shell.impl;

import io.plate.api.text.TextTable;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.osgi.service.component.annotations.Component;

/**
 * Renders Plate's values (datasets, models, reports, runs, command results) for people: by their
 * {@code toString}, which every Plate value writes for reading, instead of Gogo's reflective dump of
 * getters. Conversions are left to Gogo. Gogo prints a command's result after the command has returned,
 * passing its session as {@code escape}: the tables in the text are fitted to that session's terminal, and
 * its longer lines broken between words.
 */
@Component(service = Converter.class, immediate = true,
        property = "osgi.converter.classes=java.lang.Object")
public final class PlateConverter implements Converter {
    private final Workspace workspace;

    @org.osgi.service.component.annotations.Activate
    public PlateConverter(@org.osgi.service.component.annotations.Reference Workspace workspace) {
        this.workspace = workspace;
    }

    @Override
    public Object convert(Class<?> desiredType, Object in) {
        // a model held in a Gogo variable ($m) names itself where a command takes a model's name
        if (desiredType == String.class && in instanceof io.plate.api.learn.Model m) {
            return workspace.nameOf(m).orElse(null);
        }
        return null;
    }

    @Override
    public CharSequence format(Object target, int level, Converter escape) {
        if (target == null || !target.getClass().getName().startsWith("io.plate.")) {
            return null;
        }
        int before = TextTable.terminalColumns();
        int columns = escape instanceof CommandSession session ? SessionColumns.output(session) : before;
        TextTable.terminalColumns(columns);
        String s;
        try {
            s = TextTable.wrap(text(target), columns);
        } finally {
            TextTable.terminalColumns(before);
        }
        if (level == Converter.PART && s.indexOf('\n') >= 0) {
            return s.substring(0, s.indexOf('\n'));
        }
        return s;
    }

    /** What a value reads as; a model kept in the shell (what plate:train and plate:load return) also says under which name. */
    private String text(Object target) {
        String s = target.toString();
        if (target instanceof io.plate.api.learn.Model m) {
            String line = s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
            return workspace.nameOf(m).map(n -> line + "\nkept as model '" + n + "'").orElse(s);
        }
        return s;
    }
}
