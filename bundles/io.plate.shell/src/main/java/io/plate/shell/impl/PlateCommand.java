package io.plate.shell.impl;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/**
 * Declares a command component's {@code plate:*} functions (service property {@code plate.command}, named
 * after this type as for every single-element property type).
 * {@link CommandFunctions} registers each function with Gogo as a checked {@code Function}, the only
 * registration of that name: a command object registered under {@code osgi.command.*} as well would be a
 * second command of the same name, which Apache Karaf's console, ignoring service ranking, may prefer.
 */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface PlateCommand {
    /** The functions, as users type them after {@code plate:} ({@code import}, not the method {@code _import}). */
    String[] value();
}
