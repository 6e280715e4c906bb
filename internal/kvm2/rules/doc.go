// Package rules holds every rule, bound and default of what the provider is asked to do, each
// exported once with a text that says what it accepts: the core applies them (Create's
// normalizeCreate, the host configuration's Validate, the image cache's request check) and the
// Terraform schema's validators and plan call the same functions, so a plan refuses exactly what
// an apply would. It is a leaf: it imports only the pure definition builders.
package rules
