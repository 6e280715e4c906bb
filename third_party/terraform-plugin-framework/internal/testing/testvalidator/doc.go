// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package testvalidator contains declarative schema/validator implementations
// for unit testing.
package testvalidator
