// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package fwschema implements shared logic for describing the structure,
// data types, and behaviors of framework data for data sources, providers,
// and resources.
//
// Refer to the internal/fwschemadata package for logic built on values based
// on this schema information.
package fwschema
