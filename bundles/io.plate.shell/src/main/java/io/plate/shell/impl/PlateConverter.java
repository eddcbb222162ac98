package io.plate.shell.impl;

import org.apache.felix.service.command.Converter;
import org.osgi.service.component.annotations.Component;

/**
 * Renders Plate's values (datasets, models, reports, runs, command results) for people: by their
 * {@code toString}, which every Plate value writes for reading, instead of Gogo's reflective dump of
 * getters. Conversions are left to Gogo.
 */
@Component(service = Converter.class, immediate = true,
        property = "osgi.converter.classes=java.lang.Object")
public final class PlateConverter implements Converter {
    @Override
    public Object convert(Class<?> desiredType, Object in) {
        return null;
    }

    @Override
    public CharSequence format(Object target, int level, Converter escape) {
        if (target == null || !target.getClass().getName().startsWith("io.plate.")) {
            return null;
        }
        String s = target.toString();
        if (level == Converter.PART && s.indexOf('\n') >= 0) {
            return s.substring(0, s.indexOf('\n'));
        }
        return s;
    }
}
