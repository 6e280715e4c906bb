// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package fwfunction contains shared interfaces and structures for implementing behaviors
// in Terraform Provider function implementations.
package fwfunction
